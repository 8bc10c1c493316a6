import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { ffmpegVersion, locateFfmpeg } from './ffmpeg-locator';

const packaged = ffmpegInstaller.path;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-ffmpeg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A folder holding an `ffmpeg`, as a distribution's /usr/bin would. */
function systemBin(): string {
  const bin = fs.mkdtempSync(path.join(dir, 'bin-'));
  fs.symlinkSync(packaged, path.join(bin, 'ffmpeg'));
  return bin;
}

describe('locateFfmpeg', () => {
  it('takes FFMPEG_PATH first, then an ffmpeg on PATH, then the packaged build', () => {
    const bin = systemBin();
    const empty = fs.mkdtempSync(path.join(dir, 'empty-'));
    expect(locateFfmpeg({ FFMPEG_PATH: packaged, PATH: bin }, '/packaged/ffmpeg')).toEqual({
      path: packaged,
      source: 'env',
    });
    expect(locateFfmpeg({ PATH: [empty, bin].join(path.delimiter) }, '/packaged/ffmpeg')).toEqual({
      path: path.join(bin, 'ffmpeg'),
      source: 'system',
    });
    expect(locateFfmpeg({ PATH: empty }, '/packaged/ffmpeg')).toEqual({
      path: '/packaged/ffmpeg',
      source: 'packaged',
    });
    expect(locateFfmpeg({}, '/packaged/ffmpeg').source).toBe('packaged');
  });

  it('skips an ffmpeg on PATH that is not executable, and relative PATH entries', () => {
    const bin = fs.mkdtempSync(path.join(dir, 'noexec-'));
    fs.writeFileSync(path.join(bin, 'ffmpeg'), 'not a program', { mode: 0o644 });
    expect(locateFfmpeg({ PATH: `${bin}${path.delimiter}.` }, '/packaged/ffmpeg').source).toBe('packaged');
  });

  it('refuses a FFMPEG_PATH that is missing, relative, a folder or not executable, naming it', () => {
    const plain = path.join(dir, 'plain');
    fs.writeFileSync(plain, 'x', { mode: 0o644 });
    for (const bad of ['/no/such/ffmpeg', 'ffmpeg', dir, plain]) {
      expect(() => locateFfmpeg({ FFMPEG_PATH: bad })).toThrow(/FFMPEG_PATH/);
      let error: unknown;
      try {
        loadConfig({ FFMPEG_PATH: bad }, '/srv');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain(`FFMPEG_PATH`);
      expect((error as ConfigError).problems.join('\n')).toContain(bad);
    }
    expect(() => loadConfig({ FFMPEG_PATH: packaged }, '/srv')).not.toThrow();
  });

  it("reads the version from the binary's own first line, and null from something that is not ffmpeg", async () => {
    expect(await ffmpegVersion(packaged)).toMatch(/^\S+$/);
    expect(await ffmpegVersion('/bin/false')).toBeNull();
  });
});
