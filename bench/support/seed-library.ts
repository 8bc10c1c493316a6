import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import sharp from 'sharp';
import { loadConfig } from '../../server/src/config';
import { openStore } from '../../server/src/store/database';
import type { FilesTable } from '../../server/src/store/schema';
import { uploadMultipart } from './multipart';
import type { BenchServer } from './server-process';

const fixture = path.resolve(import.meta.dirname, '../../fixtures/photo-exif.jpg');
const FROM = Date.UTC(2011, 0, 1);
const TO = Date.UTC(2026, 0, 1);

/** A call under /st/4 as the bench's user (a GET unless told); throws on anything but 2xx. */
export type Api = <T>(apiPath: string, method?: string, json?: unknown) => Promise<T>;

export const apiFor =
  (server: BenchServer): Api =>
  async <T>(apiPath: string, method = 'GET', json?: unknown) => {
    const response = await fetch(`${server.baseUrl}/st/4${apiPath}`, {
      method,
      headers: {
        authorization: server.auth,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

/** The fixture photo and three plain colours: small, quick to thumbnail. */
async function defaultSeedPictures(): Promise<Buffer[]> {
  const colours = [
    { r: 200, g: 80, b: 40 },
    { r: 40, g: 120, b: 200 },
    { r: 60, g: 170, b: 90 },
  ];
  return [
    readFileSync(fixture),
    ...(await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 1024, height: 768, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    )),
  ];
}

/**
 * A few real pictures (`pictures`, JPEG bytes, or the default set) through the upload API, so
 * their thumbnails exist and /th/3 answers. Returns how many pictures it uploaded.
 */
export async function uploadSeedPictures(
  server: Pick<BenchServer, 'baseUrl' | 'auth'>,
  pictures?: Buffer[],
): Promise<number> {
  const buffers = pictures ?? (await defaultSeedPictures());
  const thumbnails: string[] = [];
  for (const [i, bytes] of buffers.entries()) {
    const reply = await uploadMultipart({
      baseUrl: server.baseUrl,
      auth: server.auth,
      path: `seed-${i}.jpg`,
      size: bytes.length,
      file: Readable.from([bytes]),
    });
    if (reply.status >= 300) throw new Error(`seed upload answered ${reply.status}: ${reply.body}`);
    const { thumbURLSmall } = JSON.parse(reply.body) as { thumbURLSmall: string | null };
    if (!thumbURLSmall) throw new Error('a seed picture has no thumbnail URL');
    thumbnails.push(thumbURLSmall);
  }
  // Thumbnails are made in the background; wait until every seed picture has them.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await Promise.all(
      thumbnails.map(async (url) => (await fetch(new URL(url, server.baseUrl))).ok),
    );
    if (ready.every(Boolean)) return buffers.length;
    if (Date.now() > deadline) throw new Error('seed thumbnails were not made within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** `count` file rows over the seed pictures' contents, spread evenly over 15 years, in the server's own database. */
export async function seedLibrary(
  server: Pick<BenchServer, 'env'>,
  jobId: string,
  userId: string,
  count: number,
): Promise<{ oldestMonth: string }> {
  const config = loadConfig(server.env);
  const store = await openStore(config.database);
  try {
    const seeds = await store.db
      .selectFrom('files')
      .select(['content_sha256', 'size', 'file_type'])
      .where('job_id', '=', jobId)
      .execute();
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const uses = new Map<string, number>();
    let oldest = Number.POSITIVE_INFINITY;
    const batch = 400;
    for (let done = 0; done < count; ) {
      await store.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 20_000 && done < count; i += batch) {
          const rows: FilesTable[] = [];
          for (let k = 0; k < batch && done < count; k += 1, done += 1) {
            const content = seeds[done % seeds.length] as (typeof seeds)[number];
            uses.set(content.content_sha256, (uses.get(content.content_sha256) ?? 0) + 1);
            const takenAt = Math.floor(FROM + random() * (TO - FROM));
            oldest = Math.min(oldest, takenAt);
            const name = `IMG_${done}.jpg`;
            rows.push({
              id: randomUUID(),
              job_id: jobId,
              content_sha256: content.content_sha256,
              user_id: userId,
              path: `camera/${name}`,
              file_name: name,
              extension: 'jpg',
              size: content.size,
              mtime: takenAt,
              ctime: takenAt,
              taken_at: takenAt,
              uploaded_at: TO,
              file_type: 'Pictures',
              is_screenshot: 0,
              group_type: null,
              group_id: null,
              is_master: 0,
              deleted_at: null,
            });
          }
          await trx.insertInto('files').values(rows).execute();
        }
      });
    }
    for (const [sha, n] of uses) {
      await sql`update contents set ref_count = ref_count + ${n} where sha256 = ${sha}`.execute(store.db);
      await sql`update user_contents set ref_count = ref_count + ${n} where sha256 = ${sha} and user_id = ${userId}`.execute(
        store.db,
      );
    }
    const date = new Date(oldest);
    return { oldestMonth: `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}` };
  } finally {
    await store.close();
  }
}

/** The album list's albums, each holding this many of the newest files, and the share's files. */
const ALBUMS = 8;
const ALBUM_FILES = 3;
const SHARED = 24;

/**
 * The album list's and the share page's content: ALBUMS albums holding the newest files (as "add
 * to album" links them, by checksum) and a link to the newest SHARED files. Answers the share's
 * path and the first album's id.
 */
export async function seedAlbumsAndShare(
  api: Api,
  jobId: string,
): Promise<{ sharePath: string; firstAlbumId: string }> {
  const page = await api<{ fileID: string[] }>(
    `/jobs/default/timeline/tiles?limit=${Math.max(SHARED, ALBUMS * ALBUM_FILES)}`,
  );
  const ids = page.fileID;
  const albumIds: string[] = [];
  for (let a = 0; a < ALBUMS; a += 1) {
    const album = await api<{ id: string }>('/jobs', 'POST', { type: 'story', name: `Album ${a + 1}` });
    albumIds.push(album.id);
    for (const id of ids.slice(a * ALBUM_FILES, (a + 1) * ALBUM_FILES)) {
      const file = await api<{ path: string; checksum: string; mtime: number }>(
        `/jobs/${jobId}/files_by_id/${id}`,
      );
      await api(`/jobs/${album.id}/files_dedup`, 'POST', {
        path: file.path,
        checksum: file.checksum,
        mtime: file.mtime,
        policy: 'no_duplicates',
      });
    }
  }
  const share = await api<{ id: string }>('/shares', 'POST', { file_ids: ids.slice(0, SHARED) });
  return { sharePath: `/share/${share.id}`, firstAlbumId: albumIds[0] as string };
}
