import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app';
import type { DatabaseConfig } from '../server/src/config';
import type { FilesTable } from '../server/src/store/schema';
import { openBenchLibrary } from './support/bench-library';
import { onEachDatabase } from './support/databases';
import { type BenchRow, fmt, percentile } from './support/report';
import { seedTimelineFiles } from './timeline-1m.bench';

/**
 * The album list (GET /jobs?stories=1&include_details=1) for a user with BENCH_ALBUMS (default
 * 1,000) albums of BENCH_ALBUM_FILES (default 50) files each, every album file a copy of one of
 * the user's timeline files (the same content, as "add to album" makes them). A tenth of the
 * albums belong to someone else and were joined. Measured through the HTTP app (app.inject) on
 * SQLite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL.
 */

const TARGET_MS = 50;
const CALLS = Number(process.env.BENCH_ALBUM_CALLS ?? 100);
const DAY = 24 * 60 * 60 * 1000;

/** CPU time of this process (user and system) spent while `work` runs, in ms. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const c0 = process.cpuUsage();
  await work();
  const used = process.cpuUsage(c0);
  return (used.user + used.system) / 1000;
}

async function benchOne(label: string, database: DatabaseConfig): Promise<BenchRow[]> {
  const albumCount = Number(process.env.BENCH_ALBUMS ?? 1000);
  const perAlbum = Number(process.env.BENCH_ALBUM_FILES ?? 50);
  const library = await openBenchLibrary(database, 'albums');
  const { config, store, blobs, repos, user, auth, timeline } = library;
  try {
    const friend = await library.accounts.createUser({
      email: `friend-${randomUUID()}@example.com`,
      name: 'Friend',
    });

    const timelineFiles = albumCount * perAlbum;
    console.log(`${label}: ${timelineFiles.toLocaleString('en')} timeline files, ${albumCount} albums…`);
    const started = performance.now();
    await seedTimelineFiles(store.db, timeline.id, user.id, timelineFiles, store.dialect);
    const contents = await store.db
      .selectFrom('files')
      .select(['content_sha256', 'size', 'taken_at'])
      .where('job_id', '=', timeline.id)
      .execute();
    const now = Date.now();
    for (let a = 0; a < albumCount; a += 1) {
      const id = randomUUID();
      const joined = a % 10 === 9;
      const owner = joined ? friend.id : user.id;
      const picked = contents.slice(a * perAlbum, (a + 1) * perAlbum);
      const rows: FilesTable[] = picked.map((content, k) => ({
        id: randomUUID(),
        job_id: id,
        content_sha256: content.content_sha256,
        user_id: owner,
        path: `IMG_${a}_${k}.jpg`,
        file_name: `IMG_${a}_${k}.jpg`,
        extension: 'jpg',
        size: Number(content.size),
        mtime: Number(content.taken_at),
        ctime: Number(content.taken_at),
        taken_at: Number(content.taken_at),
        uploaded_at: now - (albumCount - a) * DAY + k,
        file_type: 'Pictures',
        is_screenshot: 0,
        group_type: null,
        group_id: null,
        is_master: 0,
        deleted_at: null,
      }));
      await store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('jobs')
          .values({
            id,
            type: 'story',
            owner_id: owner,
            name: `Album ${a}`,
            created_at: now - (albumCount - a) * DAY,
            updated_at: now - (albumCount - a) * DAY,
            serial: perAlbum,
            deleted_at: null,
          })
          .execute();
        await trx
          .insertInto('albums')
          .values({
            job_id: id,
            privacy: joined || a % 3 === 0 ? 'shared' : 'private',
            password_hash: null,
            permissions: 3,
            allow_sharing: 1,
            cover_file_id: null,
            sort_order: 'ADDED',
            media_count: rows.length,
            size_bytes: rows.reduce((sum, row) => sum + row.size, 0),
            heic_count: 0,
            first_taken: Math.min(...rows.map((row) => row.taken_at)),
            last_taken: Math.max(...rows.map((row) => row.taken_at)),
            latest_file_id: rows.at(-1)?.id ?? null,
            participant_count: joined ? 1 : 0,
            comment_count: 0,
            reaction_count: 0,
          })
          .execute();
        if (rows.length > 0) await trx.insertInto('files').values(rows).execute();
        if (joined)
          await trx
            .insertInto('album_members')
            .values({ job_id: id, user_id: user.id, joined_at: now })
            .execute();
      });
    }
    await sql`${sql.raw(store.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(store.db);
    const seedSeconds = (performance.now() - started) / 1000;

    const repoSamples: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const t0 = performance.now();
      await repos.albums.listFor(user.id);
      repoSamples.push(performance.now() - t0);
    }
    const app = await buildApp({ config, store, blobs, logger: false });
    try {
      const call = async (encoding?: string) => {
        const res = await app.inject({
          url: '/st/4/jobs?stories=1&include_details=1',
          headers: { authorization: auth, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
        if (res.statusCode !== 200) throw new Error(`GET /jobs answered ${res.statusCode}`);
        return res;
      };
      const first = await call();
      const listed = (first.json() as { jobs: unknown[] }).jobs.length;
      if (listed !== albumCount) throw new Error(`listed ${listed} albums, expected ${albumCount}`);
      const wire = await call('br, gzip');
      if (wire.headers['content-encoding'] !== 'br') throw new Error('GET /jobs was not sent as brotli');
      // Wall time and CPU time of this process per call: CPU is what the call costs when the
      // machine is shared (wall time on a loaded host mostly measures waiting for a core).
      const measure = async (encoding?: string) => {
        for (let i = 0; i < 5; i += 1) await call(encoding);
        (globalThis as { gc?: () => void }).gc?.();
        const wall: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < CALLS; i += 1) {
          const t0 = performance.now();
          cpu.push(await cpuMs(() => call(encoding)));
          wall.push(performance.now() - t0);
        }
        return { wall, cpu };
      };
      // Where the call's CPU goes: the repository's query and JSON.stringify of the answer.
      const body = first.json();
      const stringify: number[] = [];
      const repoCpu: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        stringify.push(await cpuMs(async () => JSON.stringify(body)));
        repoCpu.push(await cpuMs(() => repos.albums.listFor(user.id)));
      }
      console.log(
        `${label}: JSON.stringify CPU p50 ${fmt(percentile(stringify, 50))} ms; listFor CPU p50 ${fmt(percentile(repoCpu, 50))} ms`,
      );
      const plain = await measure();
      const brotli = await measure('br, gzip');
      const p50 = percentile(brotli.wall, 50);
      const p95 = percentile(brotli.wall, 95);
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
      const figures = (samples: number[]) =>
        `p95 ${fmt(percentile(samples, 95))} ms (p50 ${fmt(percentile(samples, 50))})`;
      const load = `load average ${fmt(os.loadavg()[0] ?? 0, 1)}`;
      console.log(
        `${label}: GET /jobs br p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms, CPU p50 ${fmt(percentile(brotli.cpu, 50))} ms; ` +
          `identity CPU p50 ${fmt(percentile(plain.cpu, 50))} ms; ${kib(first.rawPayload.length)} JSON, ${kib(wire.rawPayload.length)} br (${load})`,
      );
      return [
        {
          name: `${label}: album list query, repository`,
          figure: `p95 ${fmt(percentile(repoSamples, 95))} ms (p50 ${fmt(percentile(repoSamples, 50))})`,
          target: 'context',
          pass: null,
        },
        {
          name: `${label}: seed ${albumCount} albums x ${perAlbum} files`,
          figure: `${fmt(seedSeconds, 1)} s`,
          target: `${kib(first.rawPayload.length)} JSON, ${kib(wire.rawPayload.length)} br`,
          pass: null,
        },
        {
          name: `${label}: GET /jobs uncompressed, server CPU per call (${load})`,
          figure: figures(plain.cpu),
          target: `wall ${figures(plain.wall)}`,
          pass: null,
        },
        {
          name: `${label}: GET /jobs brotli, server CPU per call (${load})`,
          figure: figures(brotli.cpu),
          target: 'context',
          pass: null,
        },
        {
          name: `${label}: GET /jobs (${albumCount} albums, details), brotli, HTTP`,
          figure: figures(brotli.wall),
          target: `p95 <= ${TARGET_MS} ms`,
          pass: p95 <= TARGET_MS,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await library.close();
  }
}

export async function benchAlbums(): Promise<BenchRow[]> {
  return onEachDatabase(benchOne);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchAlbums());
}
