import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { migrations } from './migrations/migration-list';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type Dialect = DatabaseConfig['kind'];

// PostgreSQL hands BIGINT back as a string; every bigint here (bytes, epoch ms) fits a double.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Runs a compiled select and answers its rows as arrays in column order. For the few reads that
 * return thousands of rows, where building one object per row is most of the cost.
 */
export type SelectArrays = (query: CompiledQuery) => Promise<unknown[][]>;

export interface Store {
  db: Database;
  dialect: Dialect;
  selectArrays: SelectArrays;
  close(): Promise<void>;
}

const STATEMENT_CACHE_SIZE = 32;

export function openDatabase(config: DatabaseConfig): Store {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    // WAL lets the admin CLI and workers read and write while the server runs.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // The default 2 MB page cache holds little of a million-file library: a 64 MB cache and a
    // memory-mapped file keep the hot pages (a month of the timeline) out of read() calls.
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('mmap_size = 1073741824');
    // Keeps planner statistics current at little cost (it analyzes only what changed a lot).
    sqlite.pragma('optimize = 0x10002');
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    const close = async () => {
      if (sqlite.open) sqlite.pragma('optimize');
      await db.destroy();
    };
    const statements = new Map<string, SQLite.Statement>();
    // Through Kysely's connection, so the read waits for a transaction in progress on it as every
    // other query does, instead of seeing its uncommitted rows.
    const selectArrays: SelectArrays = (query) =>
      db.connection().execute(async () => {
        let statement = statements.get(query.sql);
        if (!statement) {
          statement = sqlite.prepare(query.sql).raw(true);
          if (statements.size < STATEMENT_CACHE_SIZE) statements.set(query.sql, statement);
        }
        return statement.all(...query.parameters) as unknown[][];
      });
    return { db, dialect: 'sqlite', selectArrays, close };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // An idle connection can be ended by the server (restart, failover, an administrator); the pool
  // drops it and opens another on demand. Unhandled, the event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection closed: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const selectArrays: SelectArrays = async (query) =>
    (await pool.query({ text: query.sql, values: [...query.parameters], rowMode: 'array' })).rows;
  return { db, dialect: 'postgres', selectArrays, close: () => db.destroy() };
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function openStore(config: DatabaseConfig): Promise<Store> {
  const store = openDatabase(config);
  try {
    await migrateToLatest(store.db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
