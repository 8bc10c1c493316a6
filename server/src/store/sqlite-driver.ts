import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3 for the running Node. Line 12 is the last that runs on Node 20, but on Node 24
 * its statements abort the process when they are collected (node::ObjectWrap now removes an
 * environment cleanup hook that 12 never registered). Line 13 is built on Node-API and fixes
 * that, but needs Node 22 and crashes on 20. Both are installed: 13 ships prebuilt binaries under
 * the alias `better-sqlite3-node22`, and 12 builds from source. Each Node loads the line that
 * works on it. Their APIs are the same.
 */
export const SQLITE_MODULE =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-node22' : 'better-sqlite3';

export const SQLite = createRequire(import.meta.url)(SQLITE_MODULE) as typeof BetterSqlite3;
export type SQLiteDatabase = BetterSqlite3.Database;
export type SQLiteStatement = BetterSqlite3.Statement;
