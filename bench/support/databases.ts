import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../server/src/config';
import type { BenchRow } from './report';

/**
 * Runs a bench on a fresh SQLite file and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * server that may create databases, on a fresh PostgreSQL database; both are removed after.
 * With `keep` (a name of letters, digits and underscores) both are kept instead, under that name
 * (a file in the temporary directory, a database `nordlys_bench_keep_<keep>`), and a later run
 * with the same name opens them again: a bench whose fill takes many minutes measures a code
 * change against the same rows. The caller decides whether what it finds is complete.
 */
export async function onEachDatabase(
  bench: (label: 'sqlite' | 'postgres', database: DatabaseConfig) => Promise<BenchRow[]>,
  keep?: string,
): Promise<BenchRow[]> {
  if (keep !== undefined && !/^\w+$/.test(keep)) throw new Error(`keep name ${keep} is not a word`);
  const rows: BenchRow[] = [];
  const sqliteDir = keep
    ? path.join(os.tmpdir(), 'nordlys-bench-keep')
    : await mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-sqlite-'));
  try {
    await mkdir(sqliteDir, { recursive: true });
    const file = path.join(sqliteDir, keep ? `${keep}.sqlite` : 'bench.sqlite');
    rows.push(...(await bench('sqlite', { kind: 'sqlite', file })));
  } finally {
    if (!keep) await rm(sqliteDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server that may create databases)',
    );
    return rows;
  }
  const name = keep
    ? `nordlys_bench_keep_${keep.toLowerCase()}`
    : `nordlys_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    rows.push(...(await bench('postgres', { kind: 'postgres', url: url.toString() })));
  } finally {
    if (!keep) {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  }
  return rows;
}
