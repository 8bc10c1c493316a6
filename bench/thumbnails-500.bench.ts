import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { loadSharp } from '../server/src/media/sharp-loader';
import { makeThumbnails } from '../server/src/media/thumbnails';
import { uploadMultipart } from './support/multipart';
import { type BenchRow, fmt } from './support/report';
import { startBenchServer } from './support/server-process';

const CACHE = path.join(import.meta.dirname, '.cache', 'camera');
const WIDTH = 4000;
const HEIGHT = 3000;
const fixture = path.resolve(import.meta.dirname, '../fixtures/photo-exif.jpg');

/**
 * Camera-size JPEGs (4000x3000, 12 MP, EXIF like a camera writes), made once and kept in
 * bench/.cache. Each is the fixture photo scaled up with sensor-like noise and a patch that
 * differs per file, so every file is distinct content (no dedup) and decodes like a real photo.
 */
export async function cameraJpegs(count: number): Promise<string[]> {
  await mkdir(CACHE, { recursive: true });
  const files = Array.from({ length: count }, (_, i) =>
    path.join(CACHE, `IMG_${String(i).padStart(4, '0')}.jpg`),
  );
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length === 0) return files;
  console.log(`making ${missing.length} camera-size JPEGs in ${CACHE} (once)…`);
  const base = await sharp(fixture).resize(WIDTH, HEIGHT).raw().toBuffer();
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < base.length; i += 1)
    base[i] = Math.max(0, Math.min(255, base[i]! + Math.round((random() - 0.5) * 24)));
  for (const file of missing) {
    const index = Number(/IMG_(\d+)/.exec(file)![1]);
    const pixels = Buffer.from(base);
    const x0 = (index * 97) % (WIDTH - 64);
    const y0 = (index * 53) % (HEIGHT - 64);
    for (let y = y0; y < y0 + 64; y += 1) {
      for (let x = x0; x < x0 + 64; x += 1) pixels[(y * WIDTH + x) * 3] = (index * 31 + x + y) & 0xff;
    }
    const when = new Date(Date.UTC(2024, 5, 1, 12, 0, index))
      .toISOString()
      .replace('T', ' ')
      .slice(0, 19)
      .replaceAll('-', ':');
    await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .withExif({ IFD0: { Make: 'Nordlys Bench', Model: 'Camera One', DateTime: when } })
      .jpeg({ quality: 92 })
      .toFile(file);
  }
  // The fresh files' write-back would otherwise land on the measured runs' disk writes.
  execFileSync('sync');
  return files;
}

/**
 * Raw sharp making the same three thumbnails (256, 512 and 1280) of the same files from one
 * decode each, in this process, one at a time, reading each file itself as it does in the
 * pipeline (a little faster than from a buffer).
 */
async function rawSharp(files: string[]): Promise<number> {
  const started = performance.now();
  for (const file of files) await makeThumbnails({ file });
  return (performance.now() - started) / 1000;
}

async function waitForThumb(url: string, auth: string): Promise<void> {
  for (;;) {
    const response = await fetch(url, { headers: { authorization: auth } });
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (response.status !== 503) throw new Error(`thumbnail ${url} answered ${response.status}`);
    // Each poll is a request the server under test must answer: poll gently. The wait can
    // overshoot the last thumbnail by at most one interval, 0.1 % of a 500-file run.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * N camera JPEGs uploaded one after another through the API (as the web client does) until every
 * thumbnail answers 200 at its signed URL, against raw sharp making the same thumbnails.
 */
export async function benchThumbnails(): Promise<BenchRow[]> {
  const count = Number(process.env.BENCH_THUMB_COUNT ?? 500);
  const files = await cameraJpegs(count);
  // The server's libvips tuning (threads, no operation cache), for a like-for-like baseline.
  await loadSharp();
  // Measured before and after the pipeline and averaged, so a change in the machine's load during
  // the run weighs on both sides alike.
  const rawBefore = await rawSharp(files);

  const server = await startBenchServer();
  try {
    const started = performance.now();
    const urls: string[] = [];
    for (const file of files) {
      const { size } = await stat(file);
      const result = await uploadMultipart({
        baseUrl: server.baseUrl,
        auth: server.auth,
        path: `bench/${path.basename(file)}`,
        size,
        file: createReadStream(file),
      });
      if (result.status !== 201)
        throw new Error(`upload answered ${result.status}: ${result.body.slice(0, 300)}`);
      const record = JSON.parse(result.body) as {
        thumbURLSmall: string | null;
        thumbURLTile: string | null;
        thumbURLLarge: string | null;
      };
      if (!record.thumbURLSmall || !record.thumbURLTile || !record.thumbURLLarge)
        throw new Error('file record has no thumbnail URLs');
      urls.push(record.thumbURLSmall, record.thumbURLTile, record.thumbURLLarge);
    }
    const uploadedSeconds = (performance.now() - started) / 1000;
    for (const url of urls) await waitForThumb(new URL(url, server.baseUrl).toString(), server.auth);
    const pipelineSeconds = (performance.now() - started) / 1000;
    const rawSeconds = (rawBefore + (await rawSharp(files))) / 2;
    const ratio = rawSeconds / pipelineSeconds;
    const perFile = (seconds: number) => `${fmt((seconds / count) * 1000, 0)} ms/file`;
    return [
      {
        name: `thumbnails x${count}: raw sharp (mean of 2)`,
        figure: perFile(rawSeconds),
        target: '',
        pass: null,
      },
      {
        name: `thumbnails x${count}: uploads done`,
        figure: `${fmt(uploadedSeconds, 1)} s`,
        target: '',
        pass: null,
      },
      {
        name: `thumbnails x${count}: upload until thumbs`,
        figure: perFile(pipelineSeconds),
        target: '',
        pass: null,
      },
      {
        name: `thumbnails x${count}: raw / pipeline`,
        figure: fmt(ratio),
        target: '>= 0.85',
        pass: ratio >= 0.85,
      },
    ];
  } finally {
    await server.stop();
  }
}
