import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BlobStore } from '../blobs/blob-store';
import { createBlobStore } from '../blobs/create-blob-store';
import { FsBlobStore } from '../blobs/fs-blob-store';
import type { Config } from '../config';
import { openDatabase } from '../store/database';
import { backupSqlite } from '../store/sqlite-backup';

/**
 * The embedded size's backup, taken while the server runs, and its restore. A backup folder is
 * the data folder's shape: `nordlys.sqlite` (an online copy, one committed state) and `blobs/`.
 *
 * The database is copied first, then the blobs. A blob is stored complete (written aside, renamed
 * into place) before the row that names it commits, and a stored blob never changes (content
 * bytes are addressed by their SHA-256, derived media by their content, profile pictures by a
 * version), so every blob the copied rows name is already there when the blobs are copied. Only
 * a purge running meanwhile (the trash's 90 days ending, an account deleted) can take one away
 * first; the backup then names what it could not find. Blobs uploaded after the database copy
 * come along without rows: the blob sweep removes such orphans after a restore.
 *
 * Backing up into the same folder again copies only blobs it does not hold yet.
 */

export const BACKUP_DATABASE_FILE = 'nordlys.sqlite';
export const BACKUP_BLOBS_DIR = 'blobs';

export interface BackupOutcome {
  blobsCopied: number;
  blobsKept: number;
  /** Blobs the copied rows name that were not found (purged while the backup ran). */
  missing: string[];
}

/** Copies every blob `target` lacks (or holds at another size) from `source`. */
async function copyBlobs(source: BlobStore, target: BlobStore) {
  let copied = 0;
  let kept = 0;
  for await (const key of source.list('')) {
    const [from, to] = await Promise.all([source.stat(key), target.stat(key)]);
    // Deleted between the listing and now: nothing to copy.
    if (!from) continue;
    if (to && to.size === from.size) {
      kept += 1;
      continue;
    }
    await target.put(key, await source.get(key), { size: from.size });
    copied += 1;
  }
  return { copied, kept };
}

/** Blob keys the backed-up rows name: contents, profile pictures and resumable uploads' parts. */
async function namedBlobKeys(databaseFile: string): Promise<string[]> {
  const store = await openDatabase({ kind: 'sqlite', file: databaseFile });
  try {
    const { rows } = await sql<{ key: string }>`
      select blob_key as key from contents
      union select profile_picture_key from users where profile_picture_key is not null
      union select blob_key from tus_parts`.execute(store.db);
    return rows.map((row) => row.key);
  } finally {
    await store.close();
  }
}

export async function backupDataFolder(config: Config, to: string): Promise<BackupOutcome> {
  if (config.database.kind !== 'sqlite') {
    throw new Error(
      'backup copies the embedded SQLite database; back PostgreSQL up with pg_dump (docs/scaling.md)',
    );
  }
  const folder = path.resolve(to);
  if (path.resolve(config.dataDir) === folder) throw new Error('--to must not be the data folder itself');
  const databaseFile = path.join(folder, BACKUP_DATABASE_FILE);
  await backupSqlite(config.database.file, databaseFile);

  const target = await FsBlobStore.open(path.join(folder, BACKUP_BLOBS_DIR));
  const source = await createBlobStore(config.blobs);
  try {
    const { copied, kept } = await copyBlobs(source, target);
    const missing: string[] = [];
    for (const key of await namedBlobKeys(databaseFile)) {
      if (!(await target.exists(key))) missing.push(key);
    }
    return { blobsCopied: copied, blobsKept: kept, missing };
  } finally {
    await source.close();
    await target.close();
  }
}

/**
 * Puts a backup in place as the data folder of `config`, which must not hold a database yet (a
 * new folder, or one emptied by hand): a restore never overwrites a library. The server must not
 * run on that folder meanwhile; it upgrades the copy's schema when it starts.
 */
export async function restoreDataFolder(config: Config, from: string): Promise<{ blobs: number }> {
  if (config.database.kind !== 'sqlite') {
    throw new Error(
      'restore fills an embedded data folder; restore PostgreSQL with pg_restore (docs/scaling.md)',
    );
  }
  const folder = path.resolve(from);
  const databaseFile = path.join(folder, BACKUP_DATABASE_FILE);
  if (!fs.existsSync(databaseFile))
    throw new Error(`no backup at ${folder} (${BACKUP_DATABASE_FILE} is missing)`);
  if (fs.existsSync(config.database.file)) {
    throw new Error(`${config.database.file} exists: restore into a data folder without a database`);
  }
  const source = await FsBlobStore.open(path.join(folder, BACKUP_BLOBS_DIR));
  const target = await createBlobStore(config.blobs);
  try {
    const { copied } = await copyBlobs(source, target);
    // The database last: a folder with a database is a restored one, never a half-restored one.
    await backupSqlite(databaseFile, config.database.file);
    return { blobs: copied };
  } finally {
    await source.close();
    await target.close();
  }
}
