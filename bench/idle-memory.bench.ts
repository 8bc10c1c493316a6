import type { TimelineMonths } from '@nordlys/contract/timeline';
import { expandTiles, type TimelineFile, type TimelineTiles } from '@nordlys/contract/timeline-tiles';
import sharp from 'sharp';
import type { BlobStore } from '../server/src/blobs/blob-store';
import { createBlobStore } from '../server/src/blobs/create-blob-store';
import { loadConfig } from '../server/src/config';
import { THUMB_FORMAT, thumbKey } from '../server/src/media/derived-blob-keys';
import { openStore } from '../server/src/store/database';
import { type BenchRow, fmt, percentile } from './support/report';
import { apiFor, uploadSeedPictures } from './support/seed-library';
import { type BenchServer, startBenchServer, treeRssOf } from './support/server-process';
import { seedTimelineFiles } from './timeline-1m.bench';

/**
 * The compiled server as `npm start` runs it: time from spawning it to a served /healthz (median of
 * three starts), then the resident memory of the server and every process it started, after it
 * has sat idle for BENCH_IDLE_SECONDS (default 60):
 * - on an empty library;
 * - after serving a timeline of BENCH_IDLE_FILES (default 10,000) files: every month's tiles and a
 *   screenful of thumbnails (rows and thumbnails written into the server's store by the bench, as
 *   the timeline bench seeds its library);
 * - for context, after the server itself has made thumbnails of four uploaded pictures, which
 *   loads libvips into the process for good.
 */

const IDLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 60) * 1000;
const FILES = Number(process.env.BENCH_IDLE_FILES ?? 10_000);
const STARTS = 3;
const TARGET_MB = 120;
const SCREENFUL = 60;

/** Megabytes of a million bytes: the stricter reading of the target. */
const mb = (bytes: number) => bytes / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's own database and blob store, opened from the bench process. */
async function withServerStore<T>(
  server: BenchServer,
  use: (store: Awaited<ReturnType<typeof openStore>>, blobs: BlobStore) => Promise<T>,
): Promise<T> {
  const config = loadConfig(server.env);
  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  try {
    return await use(store, blobs);
  } finally {
    await blobs.close();
    await store.close();
  }
}

/**
 * Everything the web timeline asks for: the months, each month's tiles, and the thumbnails of the
 * first screenful (stored by the bench just before, as the server's pipeline would have).
 */
async function serveTimeline(server: BenchServer): Promise<number> {
  const api = apiFor(server);
  const { months } = await api<TimelineMonths>('/jobs/default/timeline/months');
  const files: TimelineFile[] = [];
  for (const { year, month } of months) {
    const start = Date.UTC(year, month - 1, 1) / 1000;
    const end = Date.UTC(year, month, 1) / 1000;
    const tiles = await api<TimelineTiles>(
      `/jobs/default/timeline/tiles?start=${start}&end=${end}&types=Pictures,Movies&limit=10000`,
    );
    files.push(...expandTiles(tiles));
  }
  const screenful = files.slice(0, SCREENFUL);
  await withServerStore(server, async (store, blobs) => {
    const thumbnail = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#1f6f8b' } })
      .webp()
      .toBuffer();
    const rows = await store.db
      .selectFrom('files')
      .select('content_sha256')
      .where(
        'id',
        'in',
        screenful.map((file) => file.fileID),
      )
      .execute();
    for (const { content_sha256 } of rows) {
      await blobs.put(thumbKey(content_sha256, 256), thumbnail, { contentType: THUMB_FORMAT.mime });
    }
  });
  for (const file of screenful) {
    if (!file.thumbURLSmall) continue;
    const response = await fetch(new URL(file.thumbURLSmall, server.baseUrl));
    if (!response.ok) throw new Error(`a thumbnail answered ${response.status}`);
    await response.arrayBuffer();
  }
  return files.length;
}

export async function benchIdleMemory(): Promise<BenchRow[]> {
  const startups: number[] = [];
  let server: BenchServer | undefined;
  for (let i = 0; i < STARTS; i += 1) {
    server = await startBenchServer();
    startups.push(server.startupMs);
    if (i < STARTS - 1) await server.stop();
  }
  if (!server) throw new Error('no server started');
  try {
    const seconds = IDLE_MS / 1000;
    console.log(`  idle memory: waiting ${seconds} s on an empty library`);
    await sleep(IDLE_MS);
    const empty = treeRssOf(server.pid);

    const job = await apiFor(server)<{ id: string; owner: { uuid: string } }>('/jobs/default');
    await withServerStore(server, (store) =>
      seedTimelineFiles(store.db, job.id, job.owner.uuid, FILES, store.dialect),
    );
    const served = await serveTimeline(server);
    const busy = treeRssOf(server.pid);
    console.log(`  idle memory: served ${served} files; waiting ${seconds} s`);
    await sleep(IDLE_MS);
    const afterTimeline = treeRssOf(server.pid);

    const uploaded = await uploadSeedPictures(server);
    console.log(`  idle memory: ${uploaded} pictures uploaded and thumbnailed; waiting ${seconds} s`);
    await sleep(IDLE_MS);
    const afterThumbnails = treeRssOf(server.pid);

    return [
      {
        name: `start-up of the compiled server to a served /healthz (median of ${STARTS})`,
        figure: `${fmt(percentile(startups, 50), 0)} ms`,
        target: '',
        pass: null,
      },
      {
        name: `idle memory, ${seconds} s after start, empty library (server and its processes)`,
        figure: `${fmt(mb(empty), 1)} MB`,
        target: `<= ${TARGET_MB} MB`,
        pass: mb(empty) <= TARGET_MB,
      },
      {
        name: `memory right after serving the timeline of ${FILES.toLocaleString('en')} files (${served.toLocaleString('en')} tiles)`,
        figure: `${fmt(mb(busy), 1)} MB`,
        target: '',
        pass: null,
      },
      {
        name: `idle memory, ${seconds} s after serving that timeline`,
        figure: `${fmt(mb(afterTimeline), 1)} MB`,
        target: `<= ${TARGET_MB} MB`,
        pass: mb(afterTimeline) <= TARGET_MB,
      },
      {
        name: `idle memory, ${seconds} s after making thumbnails of ${uploaded} uploads (libvips loaded)`,
        figure: `${fmt(mb(afterThumbnails), 1)} MB`,
        target: '',
        pass: null,
      },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchIdleMemory());
}
