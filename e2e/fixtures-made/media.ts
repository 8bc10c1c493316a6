import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

export const fixturesDir = path.resolve(import.meta.dirname, '../../fixtures');

/** A short H.264 MP4 made by ffmpeg's test source, so the journey does not depend on a committed binary. */
export function makeMp4(dir: string, name = 'made-clip.mp4'): string {
  const out = path.join(dir, name);
  execFileSync(
    ffmpeg.path,
    [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=320x240:rate=15',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-movflags',
      '+faststart',
      out,
    ],
    { stdio: 'inherit' },
  );
  return out;
}

/** Copies a file from the repository's fixtures into the journey's temp dir. */
export function copyFixture(dir: string, name: string, as = name): string {
  const out = path.join(dir, as);
  fs.copyFileSync(path.join(fixturesDir, name), out);
  return out;
}

export function writeText(dir: string, name: string, text: string): string {
  const out = path.join(dir, name);
  fs.writeFileSync(out, text);
  return out;
}

/** Pseudo-random bytes written in 1 MiB pieces; returns the path and its SHA-256. */
export function makeLargeFile(dir: string, name: string, bytes: number): { file: string; sha256: string } {
  const out = path.join(dir, name);
  const hash = createHash('sha256');
  const fd = fs.openSync(out, 'w');
  try {
    for (let written = 0; written < bytes; ) {
      const piece = randomBytes(Math.min(1024 * 1024, bytes - written));
      hash.update(piece);
      fs.writeSync(fd, piece);
      written += piece.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return { file: out, sha256: hash.digest('hex') };
}
