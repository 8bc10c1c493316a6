import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../server/src/config';
import type { BenchRow } from './report';

/**
 * Runs a bench on a fresh SQLite file and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * server that may create databases, on a fresh PostgreSQL database; both are removed after.
 */
export async function onEachDatabase(
  bench: (label: 'sqlite' | 'postgres', database: DatabaseConfig) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const sqliteDir = await mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-sqlite-'));
  try {
    rows.push(...(await bench('sqlite', { kind: 'sqlite', file: path.join(sqliteDir, 'bench.sqlite') })));
  } finally {
    await rm(sqliteDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server that may create databases)',
    );
    return rows;
  }
  const name = `nordlys_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    rows.push(...(await bench('postgres', { kind: 'postgres', url: url.toString() })));
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
  return rows;
}
