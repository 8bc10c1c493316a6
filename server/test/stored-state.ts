import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from './test-app';

/**
 * Bookkeeping a refused request may still write: failed guesses are counted (that is the point),
 * a session's last-seen time is touched, the provider's own payloads, task leases.
 */
const VOLATILE_TABLES = new Set([
  'login_throttle',
  'oidc_payloads',
  'task_leases',
  'kysely_migration',
  'kysely_migration_lock',
]);
const VOLATILE_COLUMNS: Record<string, string[]> = { devices: ['last_seen_at'] };

const tableNames = new WeakMap<TestApp, Promise<string[]>>();

function listTables(t: TestApp): Promise<string[]> {
  let names = tableNames.get(t);
  if (!names) {
    names = t.store.db.introspection.getTables().then((tables) =>
      tables
        // PostgreSQL's other schemas hold pg-boss's queue: work in flight, not stored data.
        .filter((table) => table.schema === undefined || table.schema === 'public')
        .map((table) => table.name)
        .filter((name) => !VOLATILE_TABLES.has(name))
        .sort(),
    );
    tableNames.set(t, names);
  }
  return names;
}

function listBlobs(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listBlobs(full, out);
    else out.push(`${path.relative(dir, full)} ${fs.statSync(full).size}`);
  }
  return out;
}

/**
 * One digest of everything stored: each table's rows (sorted, so order of storage does not count)
 * and the blob folder's names and sizes. Two equal digests mean nothing was written in between.
 */
export async function storedDigest(t: TestApp): Promise<string> {
  const hash = createHash('sha256');
  if (t.config.database.kind === 'postgres') {
    hash.update(await postgresDigest(t));
  } else {
    for (const table of await listTables(t)) await sqliteTableDigest(t, table, hash);
  }
  const blobsDir = t.config.blobs.kind === 'fs' ? t.config.blobs.root : null;
  if (blobsDir) hash.update(listBlobs(blobsDir).sort().join('\n'));
  return hash.digest('hex');
}

/** PostgreSQL digests each table itself, all in one round trip. */
async function postgresDigest(t: TestApp): Promise<string> {
  const parts = (await listTables(t)).map((table) => {
    const row = sql`(to_jsonb(x) - ${sql.lit((VOLATILE_COLUMNS[table] ?? [''])[0] ?? '')})::text`;
    return sql`select ${sql.lit(table)} as name, md5(coalesce(string_agg(${row}, E'\n' order by ${row}), '')) as digest from ${sql.table(table)} x`;
  });
  const query = sql.join(parts, sql` union all `);
  const { rows } = await sql<{ name: string; digest: string }>`${query}`.execute(t.store.db);
  return rows.map((row) => `${row.name} ${row.digest}`).join('\n');
}

async function sqliteTableDigest(
  t: TestApp,
  table: string,
  hash: ReturnType<typeof createHash>,
): Promise<void> {
  {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.store.db);
    const drop = VOLATILE_COLUMNS[table] ?? [];
    const lines = rows.rows.map((row) =>
      JSON.stringify(
        Object.entries(row).filter(([column]) => !drop.includes(column)),
        (_, value) =>
          typeof value === 'bigint'
            ? value.toString()
            : Buffer.isBuffer(value)
              ? value.toString('base64')
              : value,
      ),
    );
    hash.update(`${table}\n${lines.sort().join('\n')}\n`);
  }
}
