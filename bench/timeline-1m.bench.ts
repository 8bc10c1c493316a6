import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../server/src/app';
import type { DatabaseConfig } from '../server/src/config';
import type { Database, Store } from '../server/src/store/database';
import { createTileRepository } from '../server/src/store/repositories/tile.repository';
import {
  createTimelineRepository,
  type FileWindow,
} from '../server/src/store/repositories/timeline.repository';
import type { ContentsTable, FilesTable } from '../server/src/store/schema';
import { seededRandom } from '../server/test/seeded-random';
import { openBenchLibrary } from './support/bench-library';
import { onEachDatabase } from './support/databases';
import { type BenchRow, fmt, percentile } from './support/report';

/**
 * One user's timeline with BENCH_FILES (default 1,000,000) synthetic files as real rows (a
 * contents row each, file rows through the schema and its triggers, so timeline_days is built the
 * way production builds it), capture times spread over 15 years. Measures the months summary and
 * one-month file lists (pictures and videos, as the timeline asks) at the repository and over
 * HTTP, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL. Prints
 * the query plans so index use can be checked.
 *
 * HTTP is real: the app listens on loopback and the bench asks it over one kept-alive connection,
 * timing each call to the last byte of the body (read, not parsed), as a client waits for it.
 * The client runs in the bench's process, so its share of the work is in the figures too. No
 * Accept-Encoding is sent: the rows measure the server's answer, and the wire bench the bytes a
 * compressed answer takes. (Through `app.inject`, which the rows used before, 500 records cost
 * a quarter to a third more CPU than over the socket, spent copying the payload and decoding it
 * into a string for the test client; the small months answer cost a fifth less.)
 *
 * BENCH_TIMELINE_KEEP=1 keeps both databases after the run (see onEachDatabase) and reuses them
 * on the next with the same BENCH_FILES and BENCH_TIMELINE_YEARS, skipping the fill of several
 * minutes; a kept fill that was interrupted is refused, not topped up.
 */

const MONTHS_TARGET_MS = 10;
const LIST_TARGET_MS = 30;
/** What a client paging a month (limit=500) waits for. */
const PAGE_TARGET_MS = 15;
const CALLS = Number(process.env.BENCH_TIMELINE_CALLS ?? 200);
const TO = Date.UTC(2026, 0, 1);
// BENCH_TIMELINE_YEARS narrows the span, so a quick run with fewer files keeps a month's size.
const YEARS = Number(process.env.BENCH_TIMELINE_YEARS ?? 15);
const FROM = Date.UTC(2026 - YEARS, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

export async function timeIt(
  calls: number,
  fn: (i: number) => Promise<void>,
): Promise<{ p50: number; p95: number; cpu: number }> {
  // Each phase starts from a collected heap, so one phase's garbage is not billed to the next.
  (globalThis as { gc?: () => void }).gc?.();
  for (let i = 0; i < 5; i += 1) await fn(i); // warm-up
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  // The process's CPU time per call (server and client, not a database server's): on a loaded
  // machine it changes far less than the wall times, so it shows what a change saved.
  const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / calls;
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), cpu };
}

export async function seedTimelineFiles(
  db: Database,
  jobId: string,
  userId: string,
  count: number,
  dialect: Store['dialect'],
) {
  const random = seededRandom(42);
  const batch = dialect === 'sqlite' ? 400 : 1000;
  const perTransaction = 20_000;
  const started = performance.now();
  for (let done = 0; done < count; ) {
    const inTransaction = Math.min(perTransaction, count - done);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < inTransaction; i += batch) {
        const n = Math.min(batch, inTransaction - i);
        const contents: ContentsTable[] = [];
        const files: FilesTable[] = [];
        for (let k = 0; k < n; k += 1) {
          const index = done + i + k;
          const sha256 = createHash('sha256').update(`bench ${index}`).digest('hex');
          const r = random();
          const kind = r < 0.8 ? 'picture' : r < 0.97 ? 'movie' : 'document';
          const isShot = kind === 'picture' && random() < 0.06;
          const extension = kind === 'picture' ? (isShot ? 'png' : 'jpg') : kind === 'movie' ? 'mp4' : 'pdf';
          const name = `${isShot ? 'screenshot_' : 'IMG_'}${index}.${extension}`;
          const takenAt = Math.floor(FROM + random() * (TO - FROM));
          const size = 200_000 + Math.floor(random() * 5_000_000);
          contents.push({
            sha256,
            size,
            mime: kind === 'picture' ? 'image/jpeg' : kind === 'movie' ? 'video/mp4' : 'application/pdf',
            media_kind: kind,
            blob_key: `content/${sha256.slice(0, 2)}/${sha256}`,
            width: kind === 'document' ? null : 4000,
            height: kind === 'document' ? null : 3000,
            duration_ms: kind === 'movie' ? 12_000 : null,
            taken_at: takenAt,
            metadata: null,
            ref_count: 1,
            // Already processed: the media sweep at start-up finds nothing to do.
            thumb_status: kind === 'document' ? 'none' : 'ready',
            encode_status: kind === 'movie' ? 'ready' : 'none',
            thumbhash: kind === 'document' ? null : '3OcRJYB4d3h/iIeHeEh3eIhw+j3A',
            created_at: takenAt,
          });
          files.push({
            id: randomUUID(),
            job_id: jobId,
            content_sha256: sha256,
            user_id: userId,
            path: `camera/${name}`,
            file_name: name,
            extension,
            size,
            mtime: takenAt,
            ctime: takenAt,
            taken_at: takenAt,
            uploaded_at: TO - Math.floor(random() * 730) * DAY,
            file_type: kind === 'picture' ? 'Pictures' : kind === 'movie' ? 'Movies' : 'Documents',
            is_screenshot: isShot ? 1 : 0,
            group_type: null,
            group_id: null,
            is_master: 0,
            // About 1% in the trash, as a real timeline has.
            deleted_at: random() < 0.01 ? TO : null,
          });
        }
        await trx.insertInto('contents').values(contents).execute();
        await trx.insertInto('files').values(files).execute();
      }
    });
    done += inTransaction;
    if (done % 200_000 === 0 || done === count) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${dialect}: ${done.toLocaleString('en')} files in ${fmt(seconds, 1)} s`);
    }
  }
  return (performance.now() - started) / 1000;
}

async function plans(
  store: Store,
  jobId: string,
  window: FileWindow,
): Promise<{ months: string; list: string }> {
  const run = async (query: CompiledQuery) => {
    const text = store.dialect === 'sqlite' ? `explain query plan ${query.sql}` : `explain ${query.sql}`;
    const { rows } = await store.db.executeQuery(CompiledQuery.raw(text, [...query.parameters]));
    return (rows as Record<string, unknown>[])
      .map((row) => String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)))
      .join('\n    ');
  };
  // The same shapes the repository runs.
  const monthsQuery = store.db
    .selectFrom('timeline_days')
    .where('job_id', '=', jobId)
    .groupBy(['year', 'month'])
    .select(['year', 'month', (eb) => eb.fn.sum('pictures').as('p')])
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .compile();
  const listQuery = store.db
    .selectFrom('timeline_files')
    .selectAll()
    .where('job_id', '=', window.jobId)
    .where('taken_at', '>=', window.startMs as number)
    .where('taken_at', '<=', window.endMs as number)
    .where('file_type', 'in', ['Pictures', 'Movies'])
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'asc')
    .limit(5000)
    .compile();
  return { months: await run(monthsQuery), list: await run(listQuery) };
}

type Timing = Awaited<ReturnType<typeof timeIt>>;

const figureOf = (t: Timing) => `p95 ${fmt(t.p95)} ms (p50 ${fmt(t.p50)}, CPU ${fmt(t.cpu)} ms/call)`;

/** GET `url` over `agent`'s connection; resolves when the body's last byte is in. */
function httpGet(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function benchOne(
  label: string,
  database: DatabaseConfig,
  count: number,
  kept: boolean,
): Promise<BenchRow[]> {
  const library = await openBenchLibrary(database, 'timeline', kept);
  const { config, store, blobs, user, auth } = library;
  const job = library.timeline;
  try {
    const { n: found } = await store.db
      .selectFrom('files')
      .where('job_id', '=', job.id)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    let seedSeconds: number | null = null;
    if (Number(found) === count) {
      console.log(`${label}: reusing the kept ${count.toLocaleString('en')} files`);
    } else if (Number(found) === 0) {
      console.log(`${label}: inserting ${count.toLocaleString('en')} files…`);
      seedSeconds = await seedTimelineFiles(store.db, job.id, user.id, count, store.dialect);
    } else {
      throw new Error(`${label}: the kept database holds ${found} of ${count} files; drop it and run again`);
    }
    // Autovacuum would vacuum and analyze tables this size on its own (the vacuum sets the
    // visibility map index-only scans rely on); do it now, not mid-run. SQLite's planner
    // statistics come from ANALYZE, which `PRAGMA optimize` runs in production.
    await sql`${sql.raw(store.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(store.db);
    if (store.dialect === 'postgres') {
      // The seed writes 20,000 files per transaction, and the trigger updates a day's row once per
      // file: no version of it can be pruned before the commit, which leaves timeline_days (5,500
      // rows) at about 1,000 pages, and the months summary scanning them. Uploads write a file per
      // transaction, and pruning keeps it at a few dozen pages (5,000 single uploads took it from
      // 10 pages to 26). Rewriting the table gives the months summary the table a library grown
      // by uploads has.
      await sql`vacuum full analyze timeline_days`.execute(store.db);
    }
    // The seed leaves a gigabyte of writes behind (a WAL, dirty buffers, the kernel's write-back);
    // settle them first, so the reads measure the timeline, not the seed's flushing.
    await sql`${sql.raw(store.dialect === 'postgres' ? 'checkpoint' : 'pragma wal_checkpoint(truncate)')}`.execute(
      store.db,
    );
    execFileSync('sync');

    const repo = createTimelineRepository(store.db);
    const months = await repo.months(job.id, 'all');
    const everyMonth: FileWindow[] = months.map((m) => ({
      jobId: job.id,
      startMs: Date.UTC(m.year, m.month - 1, 1),
      endMs: Date.UTC(m.year, m.month, 1) - 1,
      types: ['Pictures', 'Movies'] as const,
    }));
    const tileRepo = createTileRepository(store.db, store.dialect);
    // A server's working set stays in memory while it is used. Some hosts reclaim page cache a
    // minute after its last read (DAMON-based reclaim on VMs), which would make each phase pay for
    // the previous one's pauses; every list phase starts after one pass over all the months.
    const readEveryMonth = async () => {
      const samples: number[] = [];
      for (const window of everyMonth) {
        const started = performance.now();
        await tileRepo.tileColumns(window, { limit: 10000, offset: 0 }, user.id);
        samples.push(performance.now() - started);
      }
      return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
    };
    const random = seededRandom(7);
    const windows: FileWindow[] = Array.from({ length: CALLS + 5 }, () => {
      const m = months[Math.floor(random() * months.length)] as (typeof months)[number];
      return {
        jobId: job.id,
        startMs: Date.UTC(m.year, m.month - 1, 1),
        endMs: Date.UTC(m.year, m.month, 1) - 1,
        types: ['Pictures', 'Movies'] as const,
      };
    });
    const filesInMonth = await repo.countFiles(windows[0] as FileWindow);

    const plan = await plans(store, job.id, windows[0] as FileWindow);
    console.log(`${label} plan, months summary:\n    ${plan.months}`);
    console.log(`${label} plan, one-month list:\n    ${plan.list}`);

    const repoMonths = await timeIt(CALLS, async () => {
      await repo.months(job.id, 'all');
    });
    const firstReads = await readEveryMonth();
    const repoTiles = await timeIt(CALLS, async (i) => {
      const window = windows[i % windows.length] as FileWindow;
      await Promise.all([
        tileRepo.tileColumns(window, { limit: 10000, offset: 0 }, user.id),
        repo.countFiles(window),
      ]);
    });
    await readEveryMonth();
    const repoList = await timeIt(CALLS, async (i) => {
      const window = windows[i % windows.length] as FileWindow;
      await Promise.all([repo.listFiles(window, { limit: 5000, offset: 0 }), repo.countFiles(window)]);
    });

    const app = await buildApp({ config, store, blobs, logger: false });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let httpMonths: Timing;
    let httpList: Timing;
    let httpPage: Timing;
    let httpTiles: Timing;
    let tilesPerCall = 0;
    let tilesBytes = 0;
    let pageBytes = 0;
    let listedPerCall = 0;
    try {
      const headers = { authorization: auth };
      const get = (url: string) => httpGet(agent, `${origin}${url}`, headers);
      httpMonths = await timeIt(CALLS, async () => {
        const res = await get('/st/4/jobs/default/timeline/months');
        if (res.statusCode !== 200) throw new Error(`months answered ${res.statusCode}`);
      });
      // What the web timeline asks for a month: the tile columns (timeline/tiles).
      await readEveryMonth();
      httpTiles = await timeIt(CALLS, async (i) => {
        const w = windows[i % windows.length] as FileWindow;
        const start = Math.floor((w.startMs as number) / 1000);
        const end = Math.floor((w.endMs as number) / 1000);
        const res = await get(
          `/st/4/jobs/default/timeline/tiles?start=${start}&end=${end}&types=Pictures,Movies&limit=10000`,
        );
        if (res.statusCode !== 200) throw new Error(`tiles answered ${res.statusCode}`);
        tilesPerCall = Number(res.headers['x-total-items']);
        tilesBytes = res.bytes;
      });
      await readEveryMonth();
      httpList = await timeIt(CALLS, async (i) => {
        const w = windows[i % windows.length] as FileWindow;
        const start = Math.floor((w.startMs as number) / 1000);
        const end = Math.floor((w.endMs as number) / 1000);
        const res = await get(`/st/4/jobs/default/files?start=${start}&end=${end}&types=Pictures,Movies`);
        if (res.statusCode !== 200) throw new Error(`files answered ${res.statusCode}`);
        listedPerCall = Number(res.headers['x-total-items']);
      });
      // A first page: what a client paging a month (limit=500) waits for.
      await readEveryMonth();
      httpPage = await timeIt(CALLS, async (i) => {
        const w = windows[i % windows.length] as FileWindow;
        const start = Math.floor((w.startMs as number) / 1000);
        const end = Math.floor((w.endMs as number) / 1000);
        const res = await get(
          `/st/4/jobs/default/files?start=${start}&end=${end}&types=Pictures,Movies&limit=500`,
        );
        if (res.statusCode !== 200) throw new Error(`files answered ${res.statusCode}`);
        pageBytes = res.bytes;
      });
    } finally {
      agent.destroy();
      await app.close();
    }

    const row = (name: string, t: Timing, target: number): BenchRow => ({
      name: `${label}: ${name}`,
      figure: figureOf(t),
      target: `p95 <= ${target} ms`,
      pass: t.p95 <= target,
    });
    return [
      {
        name: `${label}: seed ${count.toLocaleString('en')} files, ${months.length} months`,
        figure: seedSeconds === null ? 'kept from an earlier run' : `${fmt(seedSeconds, 1)} s`,
        target: `~${filesInMonth} files in a month`,
        pass: null,
      },
      row('months summary, repository', repoMonths, MONTHS_TARGET_MS),
      row('months summary, HTTP', httpMonths, MONTHS_TARGET_MS),
      {
        name: `${label}: one-month tiles, repository, first read of each month after the seed`,
        figure: `p95 ${fmt(firstReads.p95)} ms (p50 ${fmt(firstReads.p50)})`,
        target: 'context',
        pass: null,
      },
      row('one-month tiles + count, repository', repoTiles, LIST_TARGET_MS),
      {
        name: `${label}: one-month full records + count, repository`,
        figure: figureOf(repoList),
        target: 'context',
        pass: null,
      },
      row(
        `one-month tiles (what the timeline fetches), HTTP (e.g. ${tilesPerCall} files, ${fmt(tilesBytes / 1024, 0)} KB)`,
        httpTiles,
        LIST_TARGET_MS,
      ),
      {
        name: `${label}: one-month full records, HTTP (e.g. ${listedPerCall} files)`,
        figure: figureOf(httpList),
        target: 'context',
        pass: null,
      },
      row(`first 500 of a month, HTTP (${fmt(pageBytes / 1024, 0)} KB)`, httpPage, PAGE_TARGET_MS),
    ];
  } finally {
    await library.close();
  }
}

export async function benchTimeline(): Promise<BenchRow[]> {
  const count = Number(process.env.BENCH_FILES ?? 1_000_000);
  const kept = process.env.BENCH_TIMELINE_KEEP === '1';
  return onEachDatabase(
    (label, database) => benchOne(label, database, count, kept),
    kept ? `timeline_${count}_${String(YEARS).replace(/\W/g, '_')}` : undefined,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchTimeline());
}
