import { execFile, execFileSync } from 'node:child_process';
import { createWriteStream, readdirSync, statSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { uploadMultipart } from './support/multipart';
import { type BenchRow, fmt, mib } from './support/report';
import { rssOf, startBenchServer } from './support/server-process';

const GIB = 1024 * 1024 * 1024;
const execFileAsync = promisify(execFile);

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

/**
 * Drops the files' pages from the page cache, so the next read comes from the disk: the blobs were
 * just written and would otherwise be read from memory, which measures memory, not the disk. As
 * root the kernel's whole clean cache is dropped (the one way that always takes); otherwise GNU
 * dd's nocache flag advises the kernel to let each file's pages go, which it may not fully do.
 */
async function evict(files: string[]): Promise<void> {
  await execFileAsync('sync');
  try {
    await writeFile('/proc/sys/vm/drop_caches', '1');
  } catch {
    for (const file of files)
      await execFileAsync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  }
}

/**
 * Bytes per second reading the files from disk, one after another, with dd in 1 MiB blocks: a
 * reader in C, like the curl client the API's rate is measured with.
 */
async function rawReadRate(files: string[]): Promise<number> {
  await evict(files);
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    bytes += statSync(file).size;
    await execFileAsync('dd', [`if=${file}`, 'of=/dev/null', 'bs=1M', 'status=none']);
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
 * The same request made by curl, a client in C: what a browser's download costs the machine is
 * closer to curl's than to a JavaScript loop's, and on two cores the client's CPU is taken from
 * the server's. Answers bytes and seconds as curl measured them.
 */
async function fetchArchiveWithCurl(
  baseUrl: string,
  auth: string,
): Promise<{ bytes: number; seconds: number }> {
  const body = JSON.stringify({ mode: 'takeout', zip_filename: 'bench' });
  const { stdout: out } = await execFileAsync(
    'curl',
    [
      '-sS',
      '--fail',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download} %{time_total}',
      '-H',
      `authorization: ${auth}`,
      '-H',
      'content-type: application/json',
      '--data-binary',
      body,
      new URL('/st/4/jobs/default/files_as_archive', baseUrl).href,
    ],
    { encoding: 'utf8' },
  );
  const [bytes, seconds] = out.trim().split(' ').map(Number);
  return { bytes: bytes ?? 0, seconds: seconds ?? 1 };
}

/**
 * A 5 GiB archive (five stored 1 GiB files) streamed from POST /jobs/default/files_as_archive on
 * loopback to curl: throughput as a ratio of reading the same blob files from disk with dd in the
 * same run (the mean of a read just before and just after); the same archive to a Node.js client
 * is printed beside it, the server's RSS growth while it streams (it must
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
    await evict(blobs);
    const curled = await fetchArchiveWithCurl(server.baseUrl, server.auth);
    await evict(blobs);
    const streamed = await fetchArchive(server.baseUrl, server.auth, discard());
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid));
    const after = await rawReadRate(blobs);
    const disk = (before + after) / 2;
    const curlRate = curled.bytes / curled.seconds;
    const nodeRate = streamed.bytes / streamed.seconds;
    const ratio = curlRate / disk;
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
        name: `archive ${label}: streamed by the API to curl`,
        figure: `${fmt(mib(curlRate), 0)} MiB/s`,
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
        name: `archive ${label}: streamed to a Node.js client (its CPU shares the cores)`,
        figure: `${fmt(mib(nodeRate), 0)} MiB/s (${fmt(nodeRate / disk)} of disk)`,
        target: '',
        pass: null,
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
