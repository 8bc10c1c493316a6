import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { percentile } from '../../bench/support/report';
import { rssOf } from '../../bench/support/server-process';
import { callServer } from './server-process';
import { multipartBody } from './upload-helpers';

/**
 * A soak of a running server: long polls held on a shared album's change feed, uploads in
 * parallel and a browsing load (months, tiles, a files window, thumbnails, the album list, an
 * album) for a while; each call's p95 under that load against the same call on the idle server,
 * measured first; every error counted; the server's resident memory sampled throughout. Used by
 * the soak bench (10 minutes, 1,000 polls, 20 uploads) and by its short version in `npm test`.
 */

export interface SoakOptions {
  baseUrl: string;
  /** Basic-auth header of the user whose library is browsed and uploaded to. */
  auth: string;
  /** The server's process id, for its resident memory. */
  pid: number;
  durationMs: number;
  polls: number;
  uploaders: number;
  browsers: number;
  /** How often the album gets a comment, which answers every held poll. */
  commentEveryMs?: number;
  /** Bytes of each upload during the load. */
  uploadBytes?: number;
  /**
   * How long to leave the server idle after the load before its last memory sample (0: none). Past
   * its idle trim (30 s without an answer, checked every 10 s) the server has run a
   * memory-reducing collection, so what is still resident then is what the load left behind.
   */
  settleMs?: number;
  log?: (line: string) => void;
}

export type CallKind = 'months' | 'tiles' | 'files' | 'thumbnail' | 'albums' | 'album' | 'upload';
export const CALL_KINDS: CallKind[] = ['months', 'tiles', 'files', 'thumbnail', 'albums', 'album', 'upload'];

export interface SoakReport {
  errors: number;
  /** The first few errors, for the reader. */
  firstErrors: string[];
  calls: Record<CallKind, { idleP95: number; loadP95: number; count: number }>;
  pollsAnswered: number;
  uploads: number;
  rssStartMb: number;
  rssEndMb: number;
  rssPeakMb: number;
  /** Least-squares slope of the resident memory over the load after its first fifth, MB per minute. */
  rssSlopeMbPerMinute: number;
  /**
   * The same slope over the load's second half only: V8 keeps the pages of its largest heap so
   * far resident, so the resident size climbs in steps while that high-water mark still rises and
   * is flat once it stops; a leak keeps climbing to the end.
   */
  rssLastHalfSlopeMbPerMinute: number;
  /** Mean resident memory over the first and the second half of the load after its first fifth. */
  rssHalvesMb: [number, number];
  /** Resident memory after `settleMs` of idleness following the load (null without `settleMs`). */
  rssAfterIdleMb: number | null;
}

const photo = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/photo-exif.jpg'));
const SEED_PHOTOS = 24;
const SEED_DOCUMENTS = 40;
const IDLE_ROUNDS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** An error's message with its cause's (fetch reports a socket's fault only as its cause). */
const reasonOf = (error: unknown): string => {
  const { message, cause } = error as Error & { cause?: Error & { code?: string } };
  return cause ? `${message} (${cause.code ?? cause.message})` : message;
};

/** Least-squares slope of `values` over `times` (per unit of time). */
export function slopeOf(times: number[], values: number[]): number {
  const n = times.length;
  if (n < 2) return 0;
  const meanT = times.reduce((a, b) => a + b, 0) / n;
  const meanV = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i += 1) {
    num += ((times[i] as number) - meanT) * ((values[i] as number) - meanV);
    den += ((times[i] as number) - meanT) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

interface FileLike {
  fileID: string;
  timestamp: number;
  thumbURLSmall: string | null;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { baseUrl, auth, pid, log = () => {} } = options;
  const commentEveryMs = options.commentEveryMs ?? 10_000;
  const uploadBytes = options.uploadBytes ?? 128 * 1024;
  let errors = 0;
  const firstErrors: string[] = [];
  const fail = (what: string) => {
    errors += 1;
    if (firstErrors.length < 10) firstErrors.push(what);
  };

  /** A call that must answer 2xx; answers its body, or null after counting the error. */
  async function call(method: string, url: string, body?: unknown): Promise<string | null> {
    try {
      const res = await callServer(baseUrl, auth, method, url, body);
      const text = res.text;
      if (res.status >= 300) {
        fail(`${method} ${url.split('?')[0]}: ${res.status} ${text.slice(0, 120)}`);
        return null;
      }
      return text;
    } catch (error) {
      fail(`${method} ${url.split('?')[0]}: ${reasonOf(error)}`);
      return null;
    }
  }
  const json = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const text = await call(method, url, body);
    if (text === null) throw new Error(`${method} ${url} failed: ${firstErrors.at(-1)}`);
    return JSON.parse(text) as T;
  };
  async function upload(job: string, name: string, data: Buffer, mtime: number): Promise<FileLike | null> {
    const { body, contentType } = multipartBody({ path: name, mtime: String(mtime) }, { name, data });
    const text = await (async () => {
      try {
        const res = await fetch(`${baseUrl}/st/4/jobs/${job}/upload`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': contentType },
          body: new Uint8Array(body),
        });
        const answer = await res.text();
        if (res.status !== 201) {
          fail(`upload ${name}: ${res.status} ${answer.slice(0, 120)}`);
          return null;
        }
        return answer;
      } catch (error) {
        fail(`upload ${name}: ${reasonOf(error)}`);
        return null;
      }
    })();
    return text === null ? null : (JSON.parse(text) as FileLike);
  }

  // --- A library to browse: photos (with thumbnails) and documents over two years, and a shared album.
  const seeded: FileLike[] = [];
  for (let i = 0; i < SEED_PHOTOS; i += 1) {
    const file = await upload(
      'default',
      `soak/photo-${i}.jpg`,
      Buffer.concat([photo, randomBytes(16)]),
      1_700_000_000,
    );
    if (file) seeded.push(file);
  }
  for (let i = 0; i < SEED_DOCUMENTS; i += 1) {
    const mtime = 1_640_000_000 + i * 18 * 86_400;
    await upload('default', `soak/doc-${i}.pdf`, randomBytes(4096), mtime);
  }
  const album = await json<{ id: string }>('POST', '/st/4/jobs', { type: 'story', name: 'Soak', public: 1 });
  const albumPhoto = await upload(
    album.id,
    'soak/album.jpg',
    Buffer.concat([photo, randomBytes(16)]),
    1_700_000_000,
  );
  if (!albumPhoto) throw new Error(`the album's photo was refused: ${firstErrors.join('; ')}`);

  // Every thumbnail made before anything is measured: the soak measures serving, not first renders.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const files = (await json<{ files: FileLike[] }>('GET', '/st/4/jobs/default/files?limit=200')).files;
    const pending = [];
    for (const file of files.filter((f) => f.thumbURLSmall)) {
      const res = await fetch(new URL(file.thumbURLSmall as string, baseUrl));
      await res.arrayBuffer();
      if (res.status !== 200) pending.push(file.fileID);
    }
    if (pending.length === 0 && files.filter((f) => f.thumbURLSmall).length >= SEED_PHOTOS) break;
    if (Date.now() > deadline) throw new Error(`${pending.length} thumbnails not made within 2 minutes`);
    await sleep(500);
  }
  if (errors > 0) throw new Error(`the library could not be seeded: ${firstErrors.join('; ')}`);

  const months = async () =>
    (
      await json<{ months: Array<{ year: number; month: number }> }>(
        'GET',
        '/st/4/jobs/default/timeline/months',
      )
    ).months;
  const allMonths = await months();
  const windowOf = (m: { year: number; month: number }) => {
    const start = Date.UTC(m.year, m.month - 1, 1) / 1000;
    const end = Date.UTC(m.year, m.month, 1) / 1000 - 1;
    return `start=${start}&end=${end}`;
  };
  const thumbs = (await json<{ files: FileLike[] }>('GET', '/st/4/jobs/default/files?limit=200')).files
    .map((f) => f.thumbURLSmall)
    .filter((url): url is string => url !== null);

  let turn = 0;
  const pickOf = <T>(items: T[]) => items[turn++ % items.length] as T;
  const once: Record<CallKind, () => Promise<unknown>> = {
    months: () => call('GET', '/st/4/jobs/default/timeline/months'),
    tiles: () => call('GET', `/st/4/jobs/default/timeline/tiles?${windowOf(pickOf(allMonths))}`),
    files: () => call('GET', `/st/4/jobs/default/files?${windowOf(pickOf(allMonths))}`),
    thumbnail: () => call('GET', pickOf(thumbs)),
    albums: () => call('GET', '/st/4/jobs?stories=1&include_details=1'),
    album: () => call('GET', `/st/4/jobs/${album.id}`),
    upload: async () => {
      const file = await upload(
        'default',
        `soak/load-${randomBytes(6).toString('hex')}.bin`,
        randomBytes(uploadBytes),
        1_710_000_000,
      );
      // Deleted for good again, so a long soak does not fill the disk; not part of the timing.
      return file;
    },
  };
  const durations: Record<CallKind, number[]> = {
    months: [],
    tiles: [],
    files: [],
    thumbnail: [],
    albums: [],
    album: [],
    upload: [],
  };
  const timed = async (kind: CallKind): Promise<unknown> => {
    const began = performance.now();
    const outcome = await once[kind]();
    durations[kind].push(performance.now() - began);
    return outcome;
  };
  const purge = async (file: unknown) => {
    const id = (file as FileLike | null)?.fileID;
    if (!id) return;
    await call('POST', '/st/4/jobs/default/delete_files', { file_uuids: [id] });
    await call('POST', '/st/4/empty_trash_can', { fileid: [id] });
  };

  // --- The idle figures, one call at a time.
  for (const kind of CALL_KINDS) {
    for (let i = 0; i < IDLE_ROUNDS; i += 1) {
      const outcome = await timed(kind);
      if (kind === 'upload') await purge(outcome);
    }
  }
  const idle = Object.fromEntries(
    CALL_KINDS.map((kind) => [kind, percentile(durations[kind], 95)]),
  ) as Record<CallKind, number>;
  for (const kind of CALL_KINDS) durations[kind] = [];
  log(`soak: idle p95 ${CALL_KINDS.map((k) => `${k} ${idle[k].toFixed(1)} ms`).join(', ')}`);

  // --- The load.
  let stopping = false;
  const began = Date.now();
  const rss: Array<{ at: number; bytes: number }> = [{ at: 0, bytes: rssOf(pid) }];
  const sampler = setInterval(() => {
    try {
      rss.push({ at: Date.now() - began, bytes: rssOf(pid) });
    } catch {
      // the server is gone: the calls will say so
    }
  }, 1000);

  let pollsAnswered = 0;
  const pollSockets = new Set<http.ClientRequest>();
  const serial = Number(
    JSON.parse((await call('GET', `/st/4/jobs/${album.id}/changes?since=0`)) ?? '{"serial":0}').serial,
  );
  /** One held poll after another, as a signed-out visitor of the album, on its own connection. */
  async function poller(): Promise<void> {
    let seq = serial;
    const agent = new http.Agent({ keepAlive: false });
    while (!stopping) {
      const reply = await new Promise<string | null>((resolve) => {
        const request = http.get(
          `${baseUrl}/poll/jobs/${album.id}/poll?seq=${seq}`,
          { agent },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => {
              pollSockets.delete(request);
              if (response.statusCode !== 200) {
                if (!stopping) fail(`poll: ${response.statusCode} ${body.slice(0, 120)}`);
                resolve(null);
              } else resolve(body);
            });
            response.on('error', () => undefined);
          },
        );
        pollSockets.add(request);
        request.on('error', (error) => {
          pollSockets.delete(request);
          if (!stopping) fail(`poll: ${error.message}`);
          resolve(null);
        });
      });
      if (reply === null) {
        if (!stopping) await sleep(1000);
        continue;
      }
      pollsAnswered += 1;
      const answer = JSON.parse(reply) as { result: string; seq?: number };
      if (answer.result === 'ok' && answer.seq !== undefined) seq = answer.seq;
    }
    agent.destroy();
  }
  async function uploader(): Promise<void> {
    while (!stopping) await purge(await timed('upload'));
  }
  async function browser(): Promise<void> {
    while (!stopping) {
      await timed('months');
      await timed('tiles');
      await timed('files');
      for (let i = 0; i < 8 && !stopping; i += 1) await timed('thumbnail');
      await timed('albums');
      await timed('album');
    }
  }
  async function commenter(): Promise<void> {
    let n = 0;
    while (!stopping) {
      await sleep(commentEveryMs);
      if (stopping) break;
      n += 1;
      await call('POST', `/st/4/jobs/${album.id}/files_by_id/${albumPhoto?.fileID}/comments`, {
        comment: `soak ${n}`,
      });
    }
  }

  const pollers = Array.from({ length: options.polls }, () => poller());
  // Held polls first, the rest once they are in place.
  await sleep(Math.min(5000, options.durationMs / 10));
  const workers = [
    ...Array.from({ length: options.uploaders }, () => uploader()),
    ...Array.from({ length: options.browsers }, () => browser()),
    commenter(),
  ];
  const progress = setInterval(() => {
    const at = rss.at(-1);
    log(
      `soak: ${Math.round((Date.now() - began) / 1000)} s, ${errors} errors, ${pollsAnswered} polls answered, ` +
        `${durations.upload.length} uploads, RSS ${((at?.bytes ?? 0) / 1e6).toFixed(0)} MB`,
    );
  }, 60_000);
  await sleep(options.durationMs);
  stopping = true;
  clearInterval(progress);
  await Promise.all(workers);
  for (const request of pollSockets) request.destroy();
  await Promise.all(pollers);
  clearInterval(sampler);
  rss.push({ at: Date.now() - began, bytes: rssOf(pid) });
  let afterIdle: number | null = null;
  if (options.settleMs) {
    await sleep(options.settleMs);
    afterIdle = rssOf(pid);
  }

  const settled = rss.filter((sample) => sample.at >= options.durationMs / 5);
  const middle = (options.durationMs / 5 + options.durationMs) / 2;
  const firstHalf = settled.filter((sample) => sample.at < middle);
  const secondHalf = settled.filter((sample) => sample.at >= middle);
  const mb = (bytes: number) => bytes / 1e6;
  const meanMb = (samples: typeof rss) =>
    mb(samples.reduce((sum, sample) => sum + sample.bytes, 0) / Math.max(1, samples.length));
  const slopeMbPerMinute = (samples: typeof rss) =>
    mb(
      slopeOf(
        samples.map((sample) => sample.at / 60_000),
        samples.map((sample) => sample.bytes),
      ),
    );
  return {
    errors,
    firstErrors,
    calls: Object.fromEntries(
      CALL_KINDS.map((kind) => [
        kind,
        { idleP95: idle[kind], loadP95: percentile(durations[kind], 95), count: durations[kind].length },
      ]),
    ) as SoakReport['calls'],
    pollsAnswered,
    uploads: durations.upload.length,
    rssStartMb: mb(rss[0]?.bytes ?? 0),
    rssEndMb: mb(rss.at(-1)?.bytes ?? 0),
    rssPeakMb: mb(Math.max(...rss.map((sample) => sample.bytes))),
    rssSlopeMbPerMinute: slopeMbPerMinute(settled),
    rssLastHalfSlopeMbPerMinute: slopeMbPerMinute(secondHalf),
    rssHalvesMb: [meanMb(firstHalf), meanMb(secondHalf)],
    rssAfterIdleMb: afterIdle === null ? null : mb(afterIdle),
  };
}
