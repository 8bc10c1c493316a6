import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { STATEMENT_CACHE_SIZE, withStatementCache } from './database';
import { SQLite, type SQLiteDatabase } from './sqlite-driver';

describe('withStatementCache', () => {
  const opened: SQLiteDatabase[] = [];
  const open = () => {
    const sqlite = new SQLite(':memory:');
    opened.push(sqlite);
    return sqlite;
  };
  afterEach(() => {
    for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
  });

  it('prepares a statement once and keeps the most recently used ones', () => {
    const cache = withStatementCache(open());
    const first = cache.prepare('select 1 as n');
    expect(cache.prepare('select 1 as n')).toBe(first);
    const second = cache.prepare('select 2 as n');
    // Fill the cache; using `first` again keeps it, so `second` is the least recently used.
    for (let i = 3; i <= STATEMENT_CACHE_SIZE; i += 1) cache.prepare(`select ${i} as n`);
    expect(cache.prepare('select 1 as n')).toBe(first);
    cache.prepare('select 0 as n');
    expect(cache.prepare('select 1 as n')).toBe(first);
    const again = cache.prepare('select 2 as n');
    expect(again).not.toBe(second);
    expect(again.all([])).toEqual([{ n: 2 }]);
  });

  it('answers correctly through Kysely, across writes and a change of schema', async () => {
    const sqlite = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    for (const name of ['a', 'b', 'c'])
      await db
        .insertInto('t')
        .values({ id: name.charCodeAt(0), name })
        .execute();
    const names = () => db.selectFrom('t').select('name').orderBy('id').execute();
    expect(await names()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    await db.deleteFrom('t').where('name', '=', 'b').execute();
    expect(await names()).toEqual([{ name: 'a' }, { name: 'c' }]);
    await sql`alter table t add column extra text`.execute(db);
    await db.insertInto('t').values({ id: 1, name: 'first' }).execute();
    expect(await names()).toEqual([{ name: 'first' }, { name: 'a' }, { name: 'c' }]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
