import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../src/config';

export type DatabaseKind = DatabaseConfig['kind'];

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A brand-new empty database per test file, so files can run in parallel and leave nothing behind. */
export async function createTestDatabase(kind: DatabaseKind, dir: string): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    return { config: { kind: 'sqlite', file: path.join(dir, 'nordlys.sqlite') }, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `nordlys_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function makeTempDir(prefix = 'nordlys-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
