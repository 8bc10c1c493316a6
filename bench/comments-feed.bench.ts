import http from 'node:http';
import { Readable } from 'node:stream';
import type { Album } from '@nordlys/contract/album';
import type { PollReply } from '@nordlys/contract/job-changes';
import { uploadMultipart } from './support/multipart';
import { type BenchRow, fmt, percentile } from './support/report';
import { startBenchServer, treeRssOf } from './support/server-process';

/**
 * The live change feed on the compiled server (SQLite, loopback):
 * - latency from a comment POST (the album's owner) to another client's long poll returning (a
 *   signed-out visitor of the shared album), BENCH_COMMENT_ROUNDS rounds (default 200), p95;
 * - the server's resident memory with BENCH_IDLE_POLLS (default 1,000) long polls held at once,
 *   against the same server with none.
 */

const ROUNDS = Number(process.env.BENCH_COMMENT_ROUNDS ?? 200);
const POLLS = Number(process.env.BENCH_IDLE_POLLS ?? 1000);
const LATENCY_TARGET_MS = 100;
const MEMORY_TARGET_MB = 30;
const mb = (bytes: number) => bytes / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on its own socket (no pooling), so a thousand are a thousand connections held. */
function getOnOwnSocket(url: string): { done: Promise<string>; abort(): void } {
  const agent = new http.Agent({ keepAlive: false });
  let request: http.ClientRequest | undefined;
  const done = new Promise<string>((resolve, reject) => {
    request = http.get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
  });
  return {
    done,
    abort: () => {
      request?.destroy();
      agent.destroy();
    },
  };
}

export async function benchCommentsFeed(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  try {
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { authorization: server.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok)
        throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const album = await call<Album>('POST', '/st/4/jobs', { type: 'story', name: 'Bench', public: 1 });
    const bytes = Buffer.from(`bench comment target ${Date.now()}`);
    const upload = await uploadMultipart({
      baseUrl: server.baseUrl,
      auth: server.auth,
      job: album.id,
      path: 'comment-target.jpg',
      size: bytes.length,
      file: Readable.from([bytes]),
    });
    if (upload.status >= 300) throw new Error(`upload answered ${upload.status}: ${upload.body}`);
    const { fileID } = JSON.parse(upload.body) as { fileID: string };
    const pollUrl = (seq: number) => `${server.baseUrl}/poll/jobs/${album.id}/poll?seq=${seq}`;

    const latencies: number[] = [];
    let seq = (await call<{ serial: number }>('GET', `/st/4/jobs/${album.id}/changes?since=0`)).serial;
    for (let round = 0; round < ROUNDS; round += 1) {
      const poll = getOnOwnSocket(pollUrl(seq));
      // The poll is held before the comment is written.
      await sleep(5);
      const started = performance.now();
      await call('POST', `/st/4/jobs/${album.id}/files_by_id/${fileID}/comments`, {
        comment: `round ${round}`,
      });
      const reply = JSON.parse(await poll.done) as PollReply;
      latencies.push(performance.now() - started);
      if (reply.result !== 'ok') throw new Error(`round ${round}: the poll answered ${reply.result}`);
      seq = reply.seq;
    }
    const p95 = percentile(latencies, 95);

    // The baseline is read once the server has been quiet past its idle trim (30 s without a new
    // request), so neither the rounds' garbage nor a trim during the hold skews the delta; the
    // held state is read before the polls' own 30 s hold ends.
    await sleep(Number(process.env.BENCH_QUIET_MS ?? 35_000));
    const before = treeRssOf(server.pid);
    const held = Array.from({ length: POLLS }, () => getOnOwnSocket(pollUrl(seq)));
    let answered = 0;
    for (const poll of held) poll.done.then(() => (answered += 1)).catch(() => {});
    await sleep(Number(process.env.BENCH_POLL_SETTLE_MS ?? 20_000));
    const during = treeRssOf(server.pid);
    if (answered > 0) throw new Error(`${answered} of the idle polls were answered before the reading`);
    console.log(
      `  comments feed: ${fmt(mb(before), 1)} MB before, ${fmt(mb(during), 1)} MB with the polls held`,
    );
    for (const poll of held) {
      poll.abort();
      poll.done.catch(() => {});
    }
    const added = mb(during - before);
    return [
      {
        name: `comment POST to another client's long poll returning (${ROUNDS} rounds, loopback), p95`,
        figure: `${fmt(p95, 1)} ms`,
        target: `<= ${LATENCY_TARGET_MS} ms`,
        pass: p95 <= LATENCY_TARGET_MS,
      },
      {
        name: `server memory added by ${POLLS.toLocaleString('en')} idle long polls held`,
        figure: `+${fmt(added, 1)} MB`,
        target: `<= +${MEMORY_TARGET_MB} MB`,
        pass: added <= MEMORY_TARGET_MB,
      },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchCommentsFeed());
}
