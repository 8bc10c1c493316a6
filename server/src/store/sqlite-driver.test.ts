import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SQLITE_MODULE, SQLite } from './sqlite-driver';

describe('sqlite driver', () => {
  it('loads the better-sqlite3 line that runs on this Node: 12 on Node 20, 13 from Node 22', () => {
    const major = Number(process.versions.node.split('.')[0]);
    const { version } = createRequire(import.meta.url)(`${SQLITE_MODULE}/package.json`) as {
      version: string;
    };
    expect(Number(version.split('.')[0])).toBe(major >= 22 ? 13 : 12);
    const db = new SQLite(':memory:');
    db.exec('create table t (n integer)');
    const insert = db.prepare('insert into t values (?)');
    for (let n = 1; n <= 3; n += 1) insert.run(n);
    expect(db.prepare('select sum(n) as total from t').get()).toEqual({ total: 6 });
    db.close();
  });
});
