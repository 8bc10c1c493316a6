import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { Readable } from 'node:stream';
import type { Album } from '@nordlys/contract/album';
import type { PollReply } from '@nordlys/contract/job-changes';
import { startRig } from '../e2e/cluster/rig';
import { uploadMultipart } from './support/multipart';
import { type BenchRow, fmt, percentile } from './support/report';
import { createBenchUser, startBenchServer } from './support/server-process';

/**
 * The scaled-out profile beside the embedded one, in the same run: the cluster rig (PostgreSQL,
 * s3rver, API processes and a worker behind HAProxy; e2e/cluster/rig.ts) against the compiled
 * server on SQLite and a blob folder.
 * - timeline: p95 of the months and tiles calls over a library of BENCH_CLUSTER_FILES (300) files;
 * - upload: one BENCH_CLUSTER_UPLOAD_MIB (64) MiB multipart upload, MiB/s;
 * - long poll: a comment to another client's poll returning, p95 (on the cluster the poll is held
 *   by one process and the comment written through the other);
 * - requests per second through the balancer with one and with two API processes
 *   (BENCH_CLUSTER_SECONDS, 8 s each, BENCH_CLUSTER_CONCURRENCY 32 requests in flight), with the
 *   CPU each part used, which says why two do not serve twice one on a 2-core machine.
 */
const FILES = Number(process.env.BENCH_CLUSTER_FILES ?? 300);
const UPLOAD_MIB = Number(process.env.BENCH_CLUSTER_UPLOAD_MIB ?? 64);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 100);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CLUSTER_CONCURRENCY ?? 32);
const MIB = 1024 * 1024;
/** A month of the library, in capture-time seconds. */
const JUNE = { start: Date.UTC(2024, 5, 1) / 1000, end: Date.UTC(2024, 6, 1) / 1000 - 1 };

interface Target {
  label: string;
  /** Where calls go (the balancer, or the embedded server). */
  baseUrl: string;
  /** Where the poll is held and where the comment is written: two processes on the cluster. */
  pollAt: string;
  writeAt: string;
  auth: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(
  url: string,
  auth: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: auth,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function json<T>(url: string, auth: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await request(url, auth, method, body);
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return JSON.parse(res.text) as T;
}

async function timed(run: () => Promise<unknown>, times: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function measure(target: Target): Promise<BenchRow[]> {
  const { baseUrl, auth } = target;
  // A library over two years, a few files a day.
  const start = Date.UTC(2024, 0, 1) / 1000;
  for (let i = 0; i < FILES; i += 1) {
    const bytes = Buffer.from(`bench file ${i} ${target.label} ${Math.random()}`);
    const res = await uploadMultipart({
      baseUrl,
      auth,
      path: `Bench/${i}.txt`,
      size: bytes.length,
      file: Readable.from([bytes]),
      mtime: start + i * 2.4 * 86_400,
    });
    if (res.status >= 300) throw new Error(`upload answered ${res.status}: ${res.body}`);
  }
  const months = await timed(() => json(`${baseUrl}/st/4/jobs/default/timeline/months`, auth), 200);
  const tiles = await timed(
    () => json(`${baseUrl}/st/4/jobs/default/timeline/tiles?start=${JUNE.start}&end=${JUNE.end}`, auth),
    200,
  );

  const uploadStarted = performance.now();
  const big = await uploadMultipart({
    baseUrl,
    auth,
    path: 'Bench/big.bin',
    size: UPLOAD_MIB * MIB,
    file: { generated: UPLOAD_MIB * MIB },
  });
  if (big.status >= 300) throw new Error(`upload answered ${big.status}: ${big.body}`);
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;

  const album = await json<Album>(`${baseUrl}/st/4/jobs`, auth, 'POST', {
    type: 'story',
    name: 'Bench',
    allow_comments: 1,
  });
  const note = Buffer.from('comment target');
  const up = await uploadMultipart({
    baseUrl,
    auth,
    job: album.id,
    path: 'n.txt',
    size: note.length,
    file: Readable.from([note]),
  });
  const { fileID } = JSON.parse(up.body) as { fileID: string };
  const first = (await json<PollReply>(
    `${target.pollAt}/poll/jobs/${album.id}/poll?seq=0&hold_ms=0`,
    auth,
  )) as {
    seq?: number;
  };
  let serial = first.seq ?? 0;
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const poll = json<PollReply>(
      `${target.pollAt}/poll/jobs/${album.id}/poll?seq=${serial}&hold_ms=20000`,
      auth,
    );
    // The poll is held before the comment is written.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    await json(`${target.writeAt}/st/4/jobs/${album.id}/files_by_id/${fileID}/comments`, auth, 'POST', {
      comment: `r${round}`,
    });
    const reply = await poll;
    latencies.push(performance.now() - started);
    if (reply.result !== 'ok') throw new Error(`round ${round}: the poll answered ${reply.result}`);
    serial = reply.seq;
  }

  return [
    {
      name: `${target.label}: timeline months, p95 (${FILES} files, 200 calls)`,
      figure: `${fmt(percentile(months, 95), 1)} ms`,
      target: 'context',
      pass: null,
    },
    {
      name: `${target.label}: timeline tiles of a month, p95 (200 calls)`,
      figure: `${fmt(percentile(tiles, 95), 1)} ms`,
      target: 'context',
      pass: null,
    },
    {
      name: `${target.label}: one ${UPLOAD_MIB} MiB upload`,
      figure: `${fmt(UPLOAD_MIB / uploadSeconds, 1)} MiB/s`,
      target: 'context',
      pass: null,
    },
    {
      name: `${target.label}: comment to another client's long poll returning, p95 (${ROUNDS} rounds)`,
      figure: `${fmt(percentile(latencies, 95), 1)} ms`,
      target: 'context',
      pass: null,
    },
  ];
}

/** CPU time of a process so far, in seconds (utime + stime from /proc). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Requests per second of an authenticated read with CONCURRENCY in flight for SECONDS. */
async function throughput(
  baseUrl: string,
  auth: string,
  pids: number[],
): Promise<{ rps: number; apiCores: number; selfCores: number }> {
  const url = `${baseUrl}/st/4/account_info`;
  for (let i = 0; i < 200; i += 1) await request(url, auth);
  const before = pids.map(cpuSeconds);
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await request(url, auth);
        if (res.status !== 200) throw new Error(`account_info answered ${res.status}`);
        done += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = pids.map((pid, i) => cpuSeconds(pid) - before[i]!).reduce((a, b) => a + b, 0);
  const self = process.cpuUsage(selfBefore);
  return {
    rps: done / seconds,
    apiCores: used / seconds,
    selfCores: (self.user + self.system) / 1e6 / seconds,
  };
}

export async function benchCluster(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const embedded = await startBenchServer();
  try {
    rows.push(
      ...(await measure({
        label: 'embedded',
        baseUrl: embedded.baseUrl,
        pollAt: embedded.baseUrl,
        writeAt: embedded.baseUrl,
        auth: embedded.auth,
      })),
    );
  } finally {
    await embedded.stop();
  }

  const rates: Record<number, Awaited<ReturnType<typeof throughput>>> = {};
  for (const count of [2, 1]) {
    const rig = await startRig({ apiProcesses: count });
    try {
      const auth = await createBenchUser(rig.env);
      if (count === 2) {
        const [a, b] = rig.api as [(typeof rig.api)[0], (typeof rig.api)[0]];
        rows.push(
          ...(await measure({
            label: 'cluster (2 API processes, HAProxy)',
            baseUrl: rig.baseUrl,
            pollAt: a.baseUrl,
            writeAt: b.baseUrl,
            auth,
          })),
        );
      }
      rates[count] = await throughput(
        rig.baseUrl,
        auth,
        rig.api.map((p) => p.pid),
      );
      console.log(
        `  cluster, ${count} API process(es): ${fmt(rates[count]!.rps, 0)} requests/s; API processes used ${fmt(rates[count]!.apiCores, 2)} cores, the load generator ${fmt(rates[count]!.selfCores, 2)}`,
      );
    } finally {
      await rig.stop();
    }
  }
  const one = rates[1]!;
  const two = rates[2]!;
  const ratio = two.rps / one.rps;
  const cores = os.availableParallelism();
  const [load] = os.loadavg();
  const generator = `the load generator ${fmt(two.selfCores, 2)} cores`;
  const why =
    ratio >= 1.8
      ? 'two serve about twice one'
      : two.apiCores < 0.8 * cores
        ? `the API processes got ${fmt(two.apiCores, 2)} of ${cores} cores with two (${fmt(one.apiCores, 2)} with one), ${generator}: the rest went to HAProxy, PostgreSQL and whatever else runs (load average ${fmt(load ?? 0, 1)})`
        : `CPU-bound: ${cores} cores shared by ${generator}, HAProxy, PostgreSQL and the API processes (${fmt(two.apiCores, 2)} cores with two, ${fmt(one.apiCores, 2)} with one)`;
  rows.push(
    {
      name: `requests/s through HAProxy, 1 API process (account_info, ${CONCURRENCY} in flight)`,
      figure: fmt(one.rps, 0),
      target: 'context',
      pass: null,
    },
    {
      name: `requests/s through HAProxy, 2 API processes`,
      figure: fmt(two.rps, 0),
      target: 'context',
      pass: null,
    },
    {
      name: `2 API processes over 1: ${why}`,
      figure: `${fmt(ratio, 2)}x`,
      target: 'close to 2x, or why not',
      pass: null,
    },
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchCluster());
}
