import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { FILES_MAX_LIMIT } from '@nordlys/contract/timeline';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import type { DatabaseConfig } from '../server/src/config';
import type { Store } from '../server/src/store/database';
import type { DB } from '../server/src/store/schema';
import { openBenchLibrary } from './support/bench-library';
import { brokenInvariants, fillStage } from './support/postgres-fill';
import { type BenchRow, fmt } from './support/report';
import { timeIt } from './timeline-1m.bench';

/**
 * One user's timeline while everyone else's rows grow: PostgreSQL filled with BENCH_ACCOUNT_FILES
 * (default 10,000,000) file rows across BENCH_ACCOUNTS (default 10,000) accounts, measured first
 * at a tenth of both (1,000,000 rows, 1,000 accounts), then grown to the full size in the same
 * database, the measured user's library untouched (BENCH_ACCOUNT_FILES / 200 files: 50,000).
 * The calls are the ones the web timeline makes, through the real app (app.inject): the job, the
 * months summary, a month of tiles, the recents counts, the recent uploads' tiles and a
 * carousel's window. Beside the p95 of each, the shared buffers its queries touch (EXPLAIN
 * ANALYZE, BUFFERS): a call whose buffers stay flat while the table grows tenfold reads only the
 * user's own rows. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL naming a superuser (the fill
 * switches triggers off for its session); creates and drops its own database.
 */

const CALLS = Number(process.env.BENCH_TIMELINE_CALLS ?? 200);
const TOTAL_FILES = Number(process.env.BENCH_ACCOUNT_FILES ?? 10_000_000);
const TOTAL_ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const DAY = 24 * 60 * 60 * 1000;
/** The carousel's window (web/src/features/carousel). */
const CAROUSEL_WINDOW = 60;

interface Figures {
  p50: number;
  p95: number;
  /** Shared buffers (8 KiB pages) the call's queries touched, hit or read. */
  buffers: number;
  queries: number;
}

interface Call {
  name: string;
  url: (i: number) => string;
}

type Plan = { Plan: PlanNode };
type PlanNode = { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };

/** Every statement one request runs, captured from a Kysely logger on a store of its own. */
function capturingStore(url: string): { store: Store; taken: CompiledQuery[]; close(): Promise<void> } {
  const taken: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') taken.push(event.query);
    },
  });
  return { store: { db, dialect: 'postgres', close: () => db.destroy() }, taken, close: () => db.destroy() };
}

async function stageFigures(
  label: string,
  database: { url: string; store: Store; config: Parameters<typeof buildApp>[0]['config'] },
  library: Awaited<ReturnType<typeof openBenchLibrary>>,
  nowMs: number,
): Promise<Map<string, Figures>> {
  const { store } = database;
  // Autovacuum would vacuum and analyze tables this size on its own (the visibility map the
  // index-only scans rely on); do it now, not mid-run, and settle the fill's writes.
  const started = performance.now();
  await sql`vacuum analyze`.execute(store.db);
  await sql`checkpoint`.execute(store.db);
  execFileSync('sync');
  console.log(`  ${label}: vacuum analyze and checkpoint ${fmt((performance.now() - started) / 1000, 1)} s`);
  // The milliseconds move with whatever else the machine runs; the buffers do not.
  console.log(
    `  ${label}: load average ${os
      .loadavg()
      .map((n) => fmt(n, 1))
      .join(', ')} on ${os.cpus().length} cores`,
  );

  const headers = { authorization: library.auth };
  const app = await buildApp({ config: database.config, store, blobs: library.blobs, logger: false });
  const capture = capturingStore(database.url);
  const explainApp = await buildApp({
    config: database.config,
    store: capture.store,
    blobs: library.blobs,
    logger: false,
  });
  const explainer = new pg.Client({ connectionString: database.url });
  await explainer.connect();
  const figures = new Map<string, Figures>();
  try {
    const jobId = library.timeline.id;
    const months = await app.inject({ url: '/st/4/jobs/default/timeline/months', headers });
    const monthList = (months.json() as { months: { year: number; month: number }[] }).months;
    // Months in a fixed order; each call asks for another.
    const windows = monthList.map((m) => ({
      start: Date.UTC(m.year, m.month - 1, 1) / 1000,
      end: (Date.UTC(m.year, m.month, 1) - 1000) / 1000,
    }));
    const monthAt = (i: number) => windows[(i * 7) % windows.length] as { start: number; end: number };
    const since = Math.floor((nowMs - 30 * DAY) / 1000);
    const calls: Call[] = [
      { name: 'job (GET jobs/default)', url: () => '/st/4/jobs/default' },
      { name: 'months summary', url: () => '/st/4/jobs/default/timeline/months?filter=all' },
      {
        name: 'a month of tiles',
        url: (i) =>
          `/st/4/jobs/${jobId}/timeline/tiles?start=${monthAt(i).start}&end=${monthAt(i).end}&types=Pictures,Movies&limit=${FILES_MAX_LIMIT}`,
      },
      { name: 'recents counts', url: () => `/st/4/jobs/${jobId}/recents` },
      {
        name: 'last 30 days uploads, tiles',
        url: () => `/st/4/jobs/${jobId}/timeline/tiles?uploaded_since=${since}&types=Pictures,Movies`,
      },
      {
        name: 'carousel window (files)',
        url: (i) =>
          `/st/4/jobs/${jobId}/files?start=0&end=${monthAt(i).end}&types=Pictures,Movies&limit=${CAROUSEL_WINDOW}`,
      },
    ];
    for (const call of calls) {
      const timing = await timeIt(CALLS, async (i) => {
        const res = await app.inject({ url: call.url(i), headers });
        if (res.statusCode !== 200) throw new Error(`${call.name} answered ${res.statusCode}: ${res.body}`);
      });
      // The same request once more on the capturing store, then its statements explained.
      capture.taken.length = 0;
      const res = await explainApp.inject({ url: call.url(0), headers });
      if (res.statusCode !== 200) throw new Error(`${call.name} answered ${res.statusCode}`);
      let buffers = 0;
      const selects = capture.taken.filter((q) => /^\s*select/i.test(q.sql));
      for (const query of selects) {
        const { rows } = await explainer.query(`explain (analyze, buffers, format json) ${query.sql}`, [
          ...query.parameters,
        ]);
        const plan = (rows[0] as { 'QUERY PLAN': Plan[] })['QUERY PLAN'][0] as Plan;
        buffers += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      }
      figures.set(call.name, { ...timing, buffers, queries: capture.taken.length });
      console.log(
        `  ${label}: ${call.name}: p95 ${fmt(timing.p95)} ms (p50 ${fmt(timing.p50)}), ${capture.taken.length} statements, ${buffers} buffers`,
      );
    }
  } finally {
    await explainApp.close();
    await capture.close();
    await app.close();
    await explainer.end();
  }
  return figures;
}

const adminUrl = () => (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) as string;

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} cores (${cpu.trim()}), ${fmt(os.totalmem() / 1024 ** 3, 0)} GiB`;
}

export async function benchManyAccounts(): Promise<BenchRow[]> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    console.log(
      'many-accounts: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL superuser)',
    );
    return [];
  }
  const name = `nordlys_bench_accounts_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const server = (await admin.query('select version() as v')).rows[0]?.v as string;
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database: DatabaseConfig = { kind: 'postgres', url: url.toString() };
  const nowMs = Math.floor(Date.now() / DAY) * DAY;
  const firstFiles = Math.round(TOTAL_FILES / 10);
  const firstAccounts = Math.round(TOTAL_ACCOUNTS / 10);
  const dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl() });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  // Interrupted, it still leaves no database of gigabytes behind.
  const onSignal = () => void dropDatabase().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const library = await openBenchLibrary(database, 'accounts');
  const rows: BenchRow[] = [];
  try {
    const { store, config } = library;
    const measured = { userId: library.user.id, jobId: library.timeline.id, everyNth: 20 };
    console.log(`many-accounts on ${machine()}, ${server.split(',')[0]}`);
    console.log(
      `  filling ${firstFiles.toLocaleString('en')} files across ${firstAccounts.toLocaleString('en')} accounts…`,
    );
    const firstSeconds = await fillStage(
      store.db,
      { fromAccount: 1, toAccount: firstAccounts, fromFile: 0, toFile: firstFiles, measured, nowMs },
      console.log,
    );
    const small = await stageFigures(
      `${firstFiles / 1e6}M`,
      { url: database.url, store, config },
      library,
      nowMs,
    );
    console.log(
      `  growing to ${TOTAL_FILES.toLocaleString('en')} files across ${TOTAL_ACCOUNTS.toLocaleString('en')} accounts…`,
    );
    const secondSeconds = await fillStage(
      store.db,
      {
        fromAccount: firstAccounts,
        toAccount: TOTAL_ACCOUNTS,
        fromFile: firstFiles,
        toFile: TOTAL_FILES,
        nowMs,
      },
      console.log,
    );
    const large = await stageFigures(
      `${TOTAL_FILES / 1e6}M`,
      { url: database.url, store, config },
      library,
      nowMs,
    );
    const broken = await brokenInvariants(store.db);
    if (broken.length > 0) throw new Error(`the filled database is not consistent: ${broken.join('; ')}`);
    const { rows: sizes } = await sql<{ files: number; mine: number; bytes: string }>`
      select (select count(*) from files)::int as files,
        (select count(*) from files where user_id = ${library.user.id})::int as mine,
        pg_size_pretty(pg_database_size(current_database())) as bytes`.execute(store.db);
    const size = sizes[0];
    const { rows: spread } = await sql<{ largest: number; median: number }>`
      select max(n)::int as largest, (percentile_disc(0.5) within group (order by n))::int as median
      from (select count(*) as n from files group by user_id) per_account`.execute(store.db);
    console.log(
      `  files per account: largest ${spread[0]?.largest.toLocaleString('en')}, median ${spread[0]?.median.toLocaleString('en')}`,
    );
    rows.push({
      name: `many-accounts: fill ${firstFiles.toLocaleString('en')} then to ${size?.files.toLocaleString('en')} rows (${size?.bytes})`,
      figure: `${fmt(firstSeconds, 0)} s + ${fmt(secondSeconds, 0)} s`,
      target: `one user's ${size?.mine.toLocaleString('en')} files`,
      pass: null,
    });
    for (const [call, a] of small) {
      const b = large.get(call) as Figures;
      // The same pages read at ten times the rows: a call's cost does not follow others' rows. An
      // index ten times larger may be one level deeper, a page more for each index a statement
      // descends (a few per statement).
      const flat = b.buffers <= a.buffers * 1.1 + 4 * b.queries;
      rows.push({
        name: `many-accounts: ${call}, p95 at ${firstFiles / 1e6}M → ${TOTAL_FILES / 1e6}M rows`,
        figure: `${fmt(a.p95)} → ${fmt(b.p95)} ms; ${a.buffers} → ${b.buffers} buffers`,
        target: 'buffers flat (± b-tree depth)',
        pass: flat,
      });
    }
  } finally {
    await library.close();
    await dropDatabase();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchManyAccounts());
}
