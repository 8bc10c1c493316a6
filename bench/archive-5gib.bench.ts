import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadMultipart } from './support/multipart';
import { type BenchRow, fmt, mib } from './support/report';
import { rssOf, startBenchServer } from './support/server-process';

const GIB = 1024 * 1024 * 1024;

/** A sink that drops what it is given: the reader's side costs nothing measurable. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Blob files of at least `minBytes` under the data folder: the stored bytes of the large uploads. */
function largeBlobs(dir: string, minBytes: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...largeBlobs(full, minBytes));
    else if (entry.isFile() && statSync(full).size >= minBytes) found.push(full);
  }
  return found;
}

/** Bytes per second reading the files straight from disk, one after another. */
async function rawReadRate(files: string[]): Promise<number> {
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    bytes += statSync(file).size;
    await pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), discard());
  }
  return bytes / ((performance.now() - started) / 1000);
}

/** POSTs the archive request and pipes the answer into `sink`; answers bytes and seconds. */
function fetchArchive(
  baseUrl: string,
  auth: string,
  sink: Writable,
): Promise<{ bytes: number; seconds: number }> {
  const body = JSON.stringify({ mode: 'takeout', zip_filename: 'bench' });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/st/4/jobs/default/files_as_archive', baseUrl), {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      if (response.statusCode !== 200) return reject(new Error(`archive answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      pipeline(response, sink).then(
        () => resolve({ bytes, seconds: (performance.now() - started) / 1000 }),
        reject,
      );
    });
    request.end(body);
  });
}

/**
 * A 5 GiB archive (five stored 1 GiB files) streamed from POST /jobs/default/files_as_archive on
 * loopback: throughput as a ratio of reading the same blob files from disk in the same run (the
 * mean of a read just before and just after), the server's RSS growth while it streams (it must
 * not buffer), and the archive written to disk once and checked with `unzip -t`.
 * BENCH_ARCHIVE_FILES × BENCH_ARCHIVE_FILE_BYTES shrink it.
 */
export async function benchArchive(): Promise<BenchRow[]> {
  const files = Number(process.env.BENCH_ARCHIVE_FILES ?? 5);
  const fileBytes = Number(process.env.BENCH_ARCHIVE_FILE_BYTES ?? GIB);
  const total = files * fileBytes;
  const label = total === 5 * GIB ? '5 GiB' : `${fmt(mib(total), 0)} MiB`;
  const server = await startBenchServer();
  try {
    for (let i = 0; i < files; i += 1) {
      // One byte more each: distinct bytes, so each file has its own blob and nothing is shared.
      const size = fileBytes + i;
      const result = await uploadMultipart({
        ...server,
        path: `bench/large-${i}.bin`,
        size,
        file: { generated: size },
      });
      if (result.status !== 201)
        throw new Error(`upload answered ${result.status}: ${result.body.slice(0, 300)}`);
    }
    const blobs = largeBlobs(server.dataDir, fileBytes);
    if (blobs.length !== files) throw new Error(`expected ${files} blobs, found ${blobs.length}`);

    // A small archive first, so first-use costs are not counted as growth.
    await fetchArchive(server.baseUrl, server.auth, discard());
    const before = await rawReadRate(blobs);
    const baseline = rssOf(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid));
    }, 100);
    const streamed = await fetchArchive(server.baseUrl, server.auth, discard());
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid));
    const after = await rawReadRate(blobs);
    const archiveRate = streamed.bytes / streamed.seconds;
    const ratio = archiveRate / ((before + after) / 2);
    const growthMb = (peak - baseline) / 1e6;

    const zipFile = path.join(server.dataDir, 'bench-archive.zip');
    let unzipOk = false;
    try {
      await fetchArchive(server.baseUrl, server.auth, createWriteStream(zipFile));
      execFileSync('unzip', ['-t', '-qq', zipFile], { stdio: 'pipe' });
      unzipOk = true;
    } catch (error) {
      console.error('unzip -t failed:', error instanceof Error ? error.message.slice(0, 500) : error);
    } finally {
      await unlink(zipFile).catch(() => undefined);
    }
    return [
      {
        name: `archive ${label}: raw disk read (before, after)`,
        figure: `${fmt(mib(before), 0)}, ${fmt(mib(after), 0)} MiB/s`,
        target: '',
        pass: null,
      },
      {
        name: `archive ${label}: streamed by the API`,
        figure: `${fmt(mib(archiveRate), 0)} MiB/s`,
        target: '',
        pass: null,
      },
      {
        name: `archive ${label}: API / disk read`,
        figure: fmt(ratio),
        target: '>= 0.80',
        pass: ratio >= 0.8,
      },
      {
        name: `archive ${label}: server RSS growth while streaming (peak)`,
        figure: `${fmt(growthMb, 1)} MB`,
        target: '<= 64 MB',
        pass: growthMb <= 64,
      },
      { name: `archive ${label}: unzip -t`, figure: unzipOk ? 'ok' : 'failed', target: 'ok', pass: unzipOk },
    ];
  } finally {
    await server.stop();
  }
}
