import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../app';
import { createBlobStore } from '../blobs/create-blob-store';
import { loadConfig } from '../config';
import { ffmpegLocation } from '../media/ffmpeg-locator';
import { createAccountService } from '../services/account.service';
import { openStore } from '../store/database';
import { createRepositories } from '../store/repositories';

export const DEMO_EMAIL = 'demo@nordlys.local';
export const DEMO_PASSWORD = 'nordlys-demo';

const run = promisify(execFile);

/** Aurora-like gradients, so generated photos look like photos rather than test cards. */
const PALETTES = [
  ['#0e1417', '#1f9e7a', '#b8f2e6'],
  ['#1b1f3b', '#6b5bd6', '#f2c6de'],
  ['#0b3d4f', '#3fa7d6', '#fbe8a6'],
  ['#2d1e2f', '#e0245e', '#ffd6a5'],
  ['#102a12', '#5aa469', '#e9f5db'],
  ['#1c1c1c', '#c9a227', '#f5f0e1'],
];

export function demoPhotoSvg(index: number, width: number, height: number): string {
  const [a, b, c] = PALETTES[index % PALETTES.length]!;
  const hill = 0.55 + ((index * 37) % 20) / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
    <stop offset="0" stop-color="${a}"/><stop offset="0.6" stop-color="${b}"/><stop offset="1" stop-color="${c}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${(0.2 + ((index * 13) % 60) / 100) * width}" cy="${0.25 * height}" r="${0.06 * width}" fill="${c}" opacity="0.8"/>
  <path d="M0 ${hill * height} Q ${0.3 * width} ${(hill - 0.15) * height} ${0.6 * width} ${hill * height} T ${width} ${(hill - 0.05) * height} V ${height} H 0 Z" fill="${a}" opacity="0.85"/>
</svg>`;
}

const exifDate = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19).replaceAll('-', ':');

export async function demoPhoto(index: number, taken: Date): Promise<Buffer> {
  const [w, h] = index % 5 === 0 ? [1200, 1600] : [1600, 1200];
  const date = exifDate(taken);
  return sharp(Buffer.from(demoPhotoSvg(index, w, h)))
    .jpeg({ quality: 86 })
    .withExif({
      IFD0: { Make: 'Nordlys Demo', Model: 'Camera One', DateTime: date },
      IFD2: { DateTimeOriginal: date },
    })
    .toBuffer();
}

async function demoClip(seconds: number, dir: string): Promise<Buffer> {
  const file = path.join(dir, `clip-${seconds}.mp4`);
  await run(ffmpegLocation().path, [
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${seconds}:size=640x360:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-shortest',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    file,
  ]);
  return fs.readFileSync(file);
}

function multipart(fields: Record<string, string>, fileName: string, body: Buffer, type: string) {
  const boundary = `nordlys-demo-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  app: FastifyInstance,
  auth: string,
  fileName: string,
  body: Buffer,
  type: string,
  mtime: Date,
) {
  const { payload, contentType } = multipart(
    { path: fileName, mtime: String(mtime.getTime()) },
    fileName,
    body,
    type,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/st/4/jobs/default/upload',
    headers: { authorization: auth, 'content-type': contentType },
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`upload of ${fileName} answered ${res.statusCode}: ${res.body}`);
  return res.json() as { fileID: string };
}

/**
 * Creates (or reuses) the demo account and fills its library through the real API: photos spread
 * over two years, a few videos, documents, and some files in the trash. Thumbnails and encodes are
 * made before it returns, so the first page view is complete.
 */
export async function runDemo(
  env = process.env,
  options: { photos?: number; videos?: number } = {},
  log = console.log,
) {
  const photos = options.photos ?? 60;
  const videos = options.videos ?? 3;
  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' });
  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  const app = await buildApp({ config, store, blobs, logger: false });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-demo-'));
  try {
    const repos = createRepositories(store);
    const accounts = createAccountService({
      repos,
      clock: Date.now,
      defaultStorageGib: config.defaultStorageGib,
    });
    const existing = await repos.users.findByEmail(DEMO_EMAIL);
    const user =
      existing ??
      (await accounts.createUser({ email: DEMO_EMAIL, password: DEMO_PASSWORD, name: 'Demo Nordmann' }));
    const { token } = await accounts.issueDeviceToken(user.id, { name: 'Demo script' });
    const auth = `Basic ${Buffer.from(`demo:${token}`).toString('base64')}`;
    const stats = await app.inject({ url: '/st/4/jobs/default/stats', headers: { authorization: auth } });
    const counts = stats.json() as Record<string, number>;
    if (Object.values(counts).some((n) => n > 0)) {
      log(`Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (library already filled)`);
      log(`Device token: ${token}`);
      return { userId: user.id, token };
    }

    const start = Date.UTC(2024, 0, 3, 9);
    const uploaded: string[] = [];
    for (let i = 0; i < photos; i++) {
      const taken = new Date(start + i * 11 * 86_400_000 + (i % 7) * 3_600_000);
      const file = await upload(
        app,
        auth,
        `IMG_${1000 + i}.jpg`,
        await demoPhoto(i, taken),
        'image/jpeg',
        taken,
      );
      uploaded.push(file.fileID);
    }
    for (let i = 0; i < videos; i++) {
      const taken = new Date(start + (i * 97 + 30) * 86_400_000);
      await upload(app, auth, `VID_${2000 + i}.mp4`, await demoClip(2 + i, work), 'video/mp4', taken);
    }
    const docs = [
      ['Packing list.txt', 'Wool socks\nHeadlamp\nThermos\n'],
      ['Recipe - fish soup.md', '# Fish soup\n\nCream, leek, carrots, salmon and cod.\n'],
    ] as const;
    for (const [name, text] of docs) {
      await upload(app, auth, name, Buffer.from(text), 'text/plain', new Date(start + 400 * 86_400_000));
    }
    // A few files in the trash, so the trash screens have something to show.
    const trash = uploaded.slice(-3);
    const res = await app.inject({
      method: 'POST',
      url: '/st/4/jobs/default/delete_files',
      headers: { authorization: auth },
      payload: { file_uuids: trash },
    });
    if (res.statusCode !== 200) throw new Error(`moving demo files to the trash answered ${res.statusCode}`);

    await app.mediaProcessing.onIdle();
    log(`Demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    log(
      `Library: ${photos} photos, ${videos} videos, ${docs.length} documents, ${trash.length} in the trash`,
    );
    log(`Device token: ${token}`);
    return { userId: user.id, token };
  } finally {
    await app.close();
    await blobs.close();
    await store.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDemo().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
