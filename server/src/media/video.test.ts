import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canRemux,
  encodeWebMp4,
  extractPoster,
  parseFfmpegInfo,
  probeVideo,
  UnreadableVideoError,
} from './video';

const fixtures = path.resolve(import.meta.dirname, '../../../fixtures');
const dir = mkdtempSync(path.join(os.tmpdir(), 'nordlys-video-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('video', () => {
  it('probes codecs, size and duration', async () => {
    const mp4 = await probeVideo(path.join(fixtures, 'clip.mp4'));
    expect(mp4).toMatchObject({
      durationMs: 3000,
      width: 640,
      height: 360,
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
    });
    expect(canRemux(mp4)).toBe(true);
    const mov = await probeVideo(path.join(fixtures, 'clip.mov'));
    expect(mov).toMatchObject({
      durationMs: 2000,
      width: 480,
      height: 270,
      videoCodec: 'mpeg4',
      audioCodec: null,
    });
    expect(canRemux(mov)).toBe(false);
  });

  it('reads rotation and refuses to remux what is too large or rotated', () => {
    const info = parseFfmpegInfo(
      '  Duration: 00:01:02.50, start: 0\n    Stream #0:0(und): Video: h264 (High), yuv420p(tv, bt709), 1920x1080, 30 fps\n      rotate          : 90\n',
    );
    expect(info).toMatchObject({
      durationMs: 62500,
      width: 1920,
      height: 1080,
      rotation: 90,
      pixelFormat: 'yuv420p',
    });
    expect(canRemux(info)).toBe(false);
  });

  it('makes a poster frame and a web MP4 from a QuickTime MPEG-4 clip', async () => {
    const input = path.join(fixtures, 'clip.mov');
    const probe = await probeVideo(input);
    const poster = path.join(dir, 'poster.jpg');
    await extractPoster(input, poster, probe);
    const meta = await sharp(poster).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 270]);
    const output = path.join(dir, 'mov.mp4');
    expect(await encodeWebMp4(input, output, probe)).toEqual({ remuxed: false });
    const encoded = await probeVideo(output);
    expect(encoded).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', width: 480, height: 270 });
    expect(Math.abs((encoded.durationMs ?? 0) - 2000)).toBeLessThan(150);
  });

  it('remuxes an H.264/AAC MP4 with the index moved to the front', async () => {
    const input = path.join(fixtures, 'clip.mp4');
    const output = path.join(dir, 'mp4.mp4');
    expect(await encodeWebMp4(input, output, await probeVideo(input))).toEqual({ remuxed: true });
    const encoded = await probeVideo(output);
    expect(encoded).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    expect(Math.abs((encoded.durationMs ?? 0) - 3000)).toBeLessThan(150);
    const head = (await import('node:fs'))
      .readFileSync(output)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
  });

  it('refuses files that are not video', async () => {
    await expect(probeVideo(path.join(fixtures, 'broken.jpg'))).rejects.toBeInstanceOf(UnreadableVideoError);
  });
});
