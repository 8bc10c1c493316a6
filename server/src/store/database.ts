import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import type { DatabaseConfig } from '../config';
import { migrations } from './migrations/migration-list';
import type { DB } from './schema';
import { SQLite, type SQLiteDatabase, type SQLiteStatement } from './sqlite-driver';

export type Database = Kysely<DB>;
export type Dialect = DatabaseConfig['kind'];

export interface Store {
  db: Database;
  dialect: Dialect;
  /** The connection pool's use, for metrics (PostgreSQL; SQLite has one connection and none). */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** A round trip to the database, for the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Statements kept prepared, most recently used last; enough for every query shape the server runs. */
export const STATEMENT_CACHE_SIZE = 512;
/** SQLite's page cache per connection, in KiB (see `cache_size` below). */
export const SQLITE_PAGE_CACHE_KIB = 65_536;

/**
 * Kysely prepares each query anew, and SQLite's prepare (parse and plan) costs about as much as
 * running the small queries a request makes. The server runs a few hundred distinct statements
 * over and over, so they stay prepared. A statement is reused only after its previous run has
 * finished: Kysely runs one query at a time on the connection and reads results in full.
 */
export function withStatementCache(sqlite: SQLiteDatabase): SqliteDatabase {
  const statements = new Map<string, SQLiteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) statements.delete(source);
      else {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(source, statement);
      return statement;
    },
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Store> {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    // WAL lets the admin CLI and workers read and write while the server runs.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // The default 2 MB page cache holds little of a million-file library: 64 MB keeps the hot
    // pages (a month of the timeline) in the process. No memory map: every page a process had
    // read through one stayed in its resident size, and without it a month of tiles from a
    // million files still answers within budget (p95 about 12 ms over HTTP).
    sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
    // Keeps planner statistics current at little cost (it analyzes only what changed a lot).
    sqlite.pragma('optimize = 0x10002');
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    const close = async () => {
      if (sqlite.open) sqlite.pragma('optimize');
      await db.destroy();
    };
    return { db, dialect: 'sqlite', close };
  }
  // Loaded only here: the embedded default never holds the PostgreSQL client in memory.
  const { default: pg } = await import('pg');
  // PostgreSQL hands BIGINT back as a string; every bigint here (bytes, epoch ms) fits a double.
  pg.types.setTypeParser(20, (value) => Number(value));
  // A database out of reach fails a query within seconds instead of holding it (readiness, requests).
  const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection can be ended by the server (restart, failover, an administrator); the pool
  // drops it and opens another on demand. Unhandled, the event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection closed: ${error.message}`));
  // A connection lost while checked out for a query fails that query; the pool listens only to idle
  // ones, and an 'error' event nobody listens to would end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, dialect: 'postgres', pool: poolUse, close: () => db.destroy() };
}

/**
 * The PostgreSQL advisory lock migrations run under: when several processes start at once on one
 * database, one migrates and the others wait for it, then find nothing left to run.
 */
export const MIGRATION_LOCK_ID = 7_305_110_001;
const MIGRATION_TABLE = DEFAULT_MIGRATION_TABLE;

export async function migrateToLatest(
  db: Database,
  dialect: Dialect = 'sqlite',
  known: Record<string, Migration> = migrations,
): Promise<void> {
  if (dialect === 'sqlite') return runMigrations(db, dialect, known);
  // Session-level lock on one connection, held across the migrator's own transactions.
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      await runMigrations(connection, dialect, known);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
}

/** Names of the migrations the database has run; none when it has never been migrated. */
async function executedMigrations(db: Database, dialect: Dialect): Promise<string[]> {
  const { rows: found } =
    dialect === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db)
      : await sql`select 1 where to_regclass(${MIGRATION_TABLE}) is not null`.execute(db);
  if (found.length === 0) return [];
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * During a rolling upgrade the previous release keeps running (and restarting) beside the new one
 * on the schema the new one migrated; so does a release rolled back to. Migrations only add
 * (store/migrations/additive-migrations.test.ts), so that schema serves it: a database that has
 * run migrations this release does not know, and every one it does know, is used as it is. The
 * migrator itself would refuse it as corrupted.
 */
async function runMigrations(
  db: Database,
  dialect: Dialect,
  known: Record<string, Migration>,
): Promise<void> {
  const executed = await executedMigrations(db, dialect);
  const newer = executed.filter((name) => !(name in known));
  if (newer.length > 0) {
    const missing = Object.keys(known).filter((name) => !executed.includes(name));
    if (missing.length > 0) {
      throw new Error(
        `The database was migrated by another release (${newer.join(', ')}) without ${missing.join(', ')}`,
      );
    }
    return;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => known },
    // Numbers are handed out ahead of time to work landing in parallel, so a database may have run
    // 0012 before 0011 existed; each migration still runs once, and they touch different tables.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function openStore(config: DatabaseConfig): Promise<Store> {
  const store = await openDatabase(config);
  try {
    await migrateToLatest(store.db, store.dialect);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
