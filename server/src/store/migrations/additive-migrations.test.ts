import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Upgrades roll: for a while processes of the old release serve beside the new one, on the schema
 * the new one migrated (docs/scaling.md, "Upgrades"). So a migration's `up` only adds what the old
 * release does not see, never takes away or changes what it reads and writes: no dropped or
 * renamed table, column, index, trigger or function, no changed column type, and a column added to
 * an existing table is nullable or has a default (the old release's inserts leave it out). What
 * is to go is removed by a later release's migration, once no running release uses it (expand,
 * then contract), with that migration named in ALLOWED_REMOVALS and the release notes.
 */

const ALLOWED_REMOVALS: string[] = [];

const REMOVING = [
  /\.drop(Table|Column|Index|Constraint|View|Type)\(/,
  /\.(renameColumn|renameTo|alterColumn)\(/,
  /\bdrop\s+(table|column|index|trigger|function|view|type|constraint)\b/i,
  /\brename\s+(column|to)\b/i,
  /\balter\s+column\b/i,
];

const dir = import.meta.dirname;
const files = readdirSync(dir).filter((file) => file.endsWith('.migration.ts'));

/** The text of `up`, from its declaration to `down`'s (or the end). */
function upOf(source: string): string {
  const start = source.indexOf('export async function up');
  const end = source.indexOf('export async function down');
  return source.slice(start, end > start ? end : undefined);
}

function problemsOf(up: string): string[] {
  const problems = REMOVING.flatMap((pattern) => {
    const match = up.match(pattern);
    return match ? [`removes or changes: ${match[0]}`] : [];
  });
  // A NOT NULL column added to a table the old release already writes needs a default.
  for (const chain of up.matchAll(/\.alterTable\([^)]*\)[\s\S]*?\.execute\(\)/g)) {
    for (const column of chain[0].matchAll(/\.addColumn\(([^;]*?)\)\s*(?=\.addColumn|\.execute|$)/g)) {
      if (/notNull\(\)/.test(column[0]) && !/defaultTo\(/.test(column[0])) {
        problems.push(`adds a NOT NULL column without a default: ${column[1]?.split(',')[0]}`);
      }
    }
  }
  for (const added of up.matchAll(/\badd\s+column\b[^;`]*/gi)) {
    if (/not\s+null/i.test(added[0]) && !/default/i.test(added[0])) {
      problems.push(`adds a NOT NULL column without a default: ${added[0]}`);
    }
  }
  return problems;
}

describe('migrations only add (expand, then contract)', () => {
  it('reads every migration', () => {
    expect(files.length).toBeGreaterThan(15);
    const ups = files.map((file) => upOf(readFileSync(path.join(dir, file), 'utf8')));
    expect(ups.every((up) => up.startsWith('export async function up'))).toBe(true);
  });

  it.each(files)('%s', (file) => {
    if (ALLOWED_REMOVALS.includes(file)) return;
    expect(problemsOf(upOf(readFileSync(path.join(dir, file), 'utf8')))).toEqual([]);
  });

  it('catches what it is meant to', () => {
    expect(
      problemsOf(`export async function up(db) { await db.schema.dropTable('files').execute(); }`),
    ).toHaveLength(1);
    expect(
      problemsOf('export async function up(db) { await sql`alter table files drop column path`; }'),
    ).toHaveLength(1);
    expect(
      problemsOf(
        `export async function up(db) { await db.schema.alterTable('users').addColumn('plan', 'text', (c) => c.notNull()).execute(); }`,
      ),
    ).toHaveLength(1);
    expect(
      problemsOf(
        `export async function up(db) { await db.schema.alterTable('users').addColumn('plan', 'text', (c) => c.notNull().defaultTo('free')).execute(); }`,
      ),
    ).toEqual([]);
    expect(
      problemsOf(
        `export async function up(db) { await db.schema.createTable('x').addColumn('a', 'text', (c) => c.notNull()).execute(); }`,
      ),
    ).toEqual([]);
  });
});
