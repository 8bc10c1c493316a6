import http from 'node:http';
import { sql } from 'kysely';
import { createBlobStore } from '../server/src/blobs/create-blob-store';
import { loadConfig } from '../server/src/config';
import { openStore } from '../server/src/store/database';
import { type BenchRow, fmt } from './support/report';
import { apiFor } from './support/seed-library';
import { type BenchServer, startBenchServer } from './support/server-process';
import { seedTimelineFiles } from './timeline-1m.bench';

/**
 * Bytes on the wire (response bodies as sent) for what a browser downloads on the first load of
 * the app (the page and the scripts and styles it names) and for one month of timeline tiles
 * (BENCH_MONTH_FILES, default 5,400: a month of a million-file library), each plain, gzip and
 * brotli by Accept-Encoding.
 */

const MONTH_FILES = Number(process.env.BENCH_MONTH_FILES ?? 5_400);
const MONTH = { year: 2025, month: 6 };
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The body's length as it crossed the connection, not decoded. */
function wireBytes(url: string, encoding: Encoding, auth?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': encoding };
    if (auth) headers.authorization = auth;
    http
      .get(url, { headers }, (response) => {
        if ((response.statusCode ?? 0) >= 300) reject(new Error(`${url} answered ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The page and every script, style and preload it names. */
async function firstLoadUrls(server: BenchServer): Promise<string[]> {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  return [`${server.baseUrl}/`, ...new Set(assets.map((asset) => `${server.baseUrl}${asset}`))];
}

async function seedMonth(server: BenchServer): Promise<void> {
  const job = await apiFor(server)<{ id: string; owner: { uuid: string } }>('/jobs/default');
  const config = loadConfig(server.env);
  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  try {
    await seedTimelineFiles(store.db, job.id, job.owner.uuid, MONTH_FILES, store.dialect);
    // Spread over the one month, a second apart at random, as a busy month of photos is.
    const start = Date.UTC(MONTH.year, MONTH.month - 1, 1);
    const span = Date.UTC(MONTH.year, MONTH.month, 1) - start - 1;
    await sql`update files set taken_at = ${start} + abs(random() % ${span}), deleted_at = null`.execute(
      store.db,
    );
  } finally {
    await blobs.close();
    await store.close();
  }
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

export async function benchWireBytes(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  try {
    const rows: BenchRow[] = [];
    const urls = await firstLoadUrls(server);
    const firstLoad = new Map<Encoding, number>();
    for (const encoding of ENCODINGS) {
      let total = 0;
      for (const url of urls) total += await wireBytes(url, encoding);
      firstLoad.set(encoding, total);
    }
    await seedMonth(server);
    const start = Date.UTC(MONTH.year, MONTH.month - 1, 1) / 1000;
    const end = Date.UTC(MONTH.year, MONTH.month, 1) / 1000 - 1;
    const tilesUrl = `${server.baseUrl}/st/4/jobs/default/timeline/tiles?start=${start}&end=${end}&types=Pictures,Movies&limit=10000`;
    const tiles = new Map<Encoding, number>();
    for (const encoding of ENCODINGS) tiles.set(encoding, await wireBytes(tilesUrl, encoding, server.auth));

    for (const [label, sizes] of [
      [`first load: the page and its ${urls.length - 1} scripts and styles`, firstLoad],
      [`one month of tiles (${MONTH_FILES.toLocaleString('en')} files)`, tiles],
    ] as const) {
      const plain = sizes.get('identity') ?? 0;
      for (const encoding of ['br', 'gzip'] as const) {
        const sent = sizes.get(encoding) ?? 0;
        rows.push({
          name: `bytes on the wire, ${label}, ${encoding} (plain ${kb(plain)})`,
          figure: `${kb(sent)} (${fmt((100 * sent) / plain, 0)} %)`,
          target: '',
          pass: null,
        });
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchWireBytes());
}
