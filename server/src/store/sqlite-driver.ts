import BetterSqlite3 from 'better-sqlite3';

export const SQLite = BetterSqlite3;
export type SQLiteDatabase = BetterSqlite3.Database;
export type SQLiteStatement = BetterSqlite3.Statement;
