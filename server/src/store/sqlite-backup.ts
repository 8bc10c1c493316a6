import fs from 'node:fs';
import path from 'node:path';
import { SQLite } from './sqlite-driver';

/**
 * Copies a SQLite database that may be in use into `destination` with SQLite's online backup
 * (better-sqlite3's `.backup()`): page by page from a connection of its own, restarting when
 * another connection writes meanwhile, so the copy is one committed state of the database,
 * WAL included, and the server never stops. The copy is written beside `destination` and renamed
 * into place when complete: a cut-off backup leaves no file that looks whole.
 */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial);
  } finally {
    db.close();
  }
  // The copy carries the source's WAL mode; it is checkpointed and closed, so one file is all of it.
  fs.renameSync(partial, destination);
}
