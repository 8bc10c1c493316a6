import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MediaWorker } from '../src/media/pipeline/scaled-out-worker';
import { startMediaWorker } from '../src/media/pipeline/scaled-out-worker';
import type { MediaKind } from '../src/store/schema';
import type { TestApp } from './test-app';

export const fixturesDir = path.resolve(import.meta.dirname, '../../fixtures');
export const fixture = (name: string) => readFileSync(path.join(fixturesDir, name));

/** What `GET …/metadata/{path}` answers for photo-exif.jpg: the camera facts written in its EXIF. */
export const PHOTO_EXIF_FACTS = {
  deviceManufacturer: 'Nordlys Test',
  deviceModel: 'Camera One',
  iso: 200,
  aperture: 2.8,
  exposure: '1/250',
  focalLength: 35,
  width: 1600,
  height: 1200,
  gps: { latitude: 59.9139, longitude: 10.7522 },
};

const KINDS: Record<string, { mime: string; kind: MediaKind }> = {
  jpg: { mime: 'image/jpeg', kind: 'picture' },
  png: { mime: 'image/png', kind: 'picture' },
  heic: { mime: 'image/heic', kind: 'picture' },
  mp4: { mime: 'video/mp4', kind: 'movie' },
  mov: { mime: 'video/quicktime', kind: 'movie' },
  pdf: { mime: 'application/pdf', kind: 'document' },
  txt: { mime: 'text/plain', kind: 'document' },
  html: { mime: 'text/html', kind: 'document' },
};

export interface StoredFile {
  fileId: string;
  jobId: string;
  sha256: string;
  kind: MediaKind;
}

/**
 * Stores bytes as a committed file the way the ingest leaves it (blob, content with pending
 * statuses, file row in the user's timeline), so the media pipeline can be tested on its own.
 */
export async function storeFile(
  t: TestApp,
  userId: string,
  name: string,
  bytes: Buffer = fixture(name),
): Promise<StoredFile> {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const { mime, kind } = KINDS[ext] ?? { mime: 'application/octet-stream', kind: 'document' as const };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const blobKey = `content/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  const now = Date.now();
  const db = t.store.db;
  let job = await db
    .selectFrom('jobs')
    .select('id')
    .where('owner_id', '=', userId)
    .where('type', '=', 'timeline')
    .executeTakeFirst();
  if (!job) {
    job = { id: randomUUID() };
    await db
      .insertInto('jobs')
      .values({
        id: job.id,
        type: 'timeline',
        owner_id: userId,
        name: 'Timeline',
        created_at: now,
        updated_at: now,
        serial: 0,
        deleted_at: null,
      })
      .execute();
  }
  await t.blobs.put(blobKey, bytes);
  await db
    .insertInto('contents')
    .values({
      sha256,
      size: bytes.length,
      mime,
      media_kind: kind,
      blob_key: blobKey,
      width: null,
      height: null,
      duration_ms: null,
      taken_at: null,
      metadata: null,
      ref_count: 1,
      thumb_status: kind === 'document' ? 'none' : 'pending',
      encode_status: kind === 'movie' ? 'pending' : 'none',
      thumbhash: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  const fileId = randomUUID();
  await db
    .insertInto('files')
    .values({
      id: fileId,
      job_id: job.id,
      content_sha256: sha256,
      user_id: userId,
      path: name,
      file_name: name,
      extension: ext,
      size: bytes.length,
      mtime: now,
      ctime: now,
      taken_at: now,
      uploaded_at: now,
      file_type: kind === 'picture' ? 'Pictures' : kind === 'movie' ? 'Movies' : 'Documents',
      is_screenshot: 0,
      group_type: null,
      group_id: null,
      is_master: 0,
      deleted_at: null,
    })
    .execute();
  return { fileId, jobId: job.id, sha256, kind };
}

/** On PostgreSQL the API only sends jobs; a pg-boss worker (as `npm run worker` runs) does the work. */
export async function startWorkerIfScaledOut(t: TestApp): Promise<MediaWorker | null> {
  if (t.config.database.kind !== 'postgres') return null;
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  return startMediaWorker({
    store: t.store,
    blobs: t.blobs,
    dataDir: t.dataDir,
    postgresUrl: t.config.database.url,
    log: quiet,
    pollingIntervalSeconds: 0.5,
  });
}

export async function contentRow(t: TestApp, sha256: string) {
  return t.store.db.selectFrom('contents').selectAll().where('sha256', '=', sha256).executeTakeFirstOrThrow();
}
