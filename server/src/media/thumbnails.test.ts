import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { heicToJpeg, isHevcHeif } from './heic';
import { makeThumbnails, pictureToJpeg, tileFromLarge, UndecodableImageError } from './thumbnails';

const fixtures = path.resolve(import.meta.dirname, '../../../fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

describe('makeThumbnails', () => {
  it('makes a 256 and a 512 short-edge and a 1280-box WebP of a landscape photo', async () => {
    const set = await makeThumbnails(fixture('photo-exif.jpg'));
    expect([set.width, set.height]).toEqual([1600, 1200]);
    expect([set.large.width, set.large.height]).toEqual([1280, 960]);
    expect([set.tile.width, set.tile.height]).toEqual([683, 512]);
    expect([set.small.width, set.small.height]).toEqual([341, 256]);
    const meta = await sharp(set.small.data).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([341, 256]);
    const tile = await sharp(set.tile.data).metadata();
    expect([tile.format, tile.width, tile.height]).toEqual(['webp', 683, 512]);
    expect((await sharp(set.large.data).metadata()).format).toBe('webp');
    // The tile exists to cost less than the large one and more than the small one.
    expect(set.tile.data.length).toBeLessThan(set.large.data.length);
    expect(set.tile.data.length).toBeGreaterThan(set.small.data.length);
    // The ThumbHash encodes the aspect ratio; a 4:3 picture comes back close to 1.33.
    const ratio = thumbHashToApproximateAspectRatio(Buffer.from(set.thumbhash, 'base64'));
    expect(ratio).toBeGreaterThan(1.2);
    expect(ratio).toBeLessThan(1.45);
  });

  it('applies EXIF orientation 6: the thumbnails are portrait', async () => {
    const set = await makeThumbnails(fixture('rotated-orientation6.jpg'));
    expect([set.width, set.height]).toEqual([900, 1200]);
    expect([set.large.width, set.large.height]).toEqual([900, 1200]);
    expect([set.tile.width, set.tile.height]).toEqual([512, 683]);
    expect([set.small.width, set.small.height]).toEqual([256, 341]);
  });

  it('reads a picture from its file as from its bytes, and a missing file is not a bad picture', async () => {
    for (const name of ['rotated-orientation6.jpg', 'photo.heic']) {
      const fromFile = await makeThumbnails({ file: path.join(fixtures, name) });
      const fromBytes = await makeThumbnails(fixture(name));
      expect([fromFile.width, fromFile.height, fromFile.small.width, fromFile.large.height]).toEqual([
        fromBytes.width,
        fromBytes.height,
        fromBytes.small.width,
        fromBytes.large.height,
      ]);
      expect(fromFile.thumbhash).toBe(fromBytes.thumbhash);
    }
    const missing = makeThumbnails({ file: path.join(fixtures, 'no-such-picture.jpg') });
    await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(missing).rejects.not.toBeInstanceOf(UndecodableImageError);
    await expect(makeThumbnails({ file: path.join(fixtures, 'broken.jpg') })).rejects.toBeInstanceOf(
      UndecodableImageError,
    );
  });

  it('never enlarges, and keeps the short edge sharp for a tall screenshot', async () => {
    const set = await makeThumbnails(fixture('screenshot_20240315_101500.png'));
    expect([set.width, set.height]).toEqual([900, 1600]);
    expect([set.large.width, set.large.height]).toEqual([720, 1280]);
    expect([set.tile.width, set.tile.height]).toEqual([512, 910]);
    expect([set.small.width, set.small.height]).toEqual([256, 455]);
    const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const small = await makeThumbnails(tiny);
    expect([small.small.width, small.small.height, small.tile.width, small.large.width]).toEqual([
      40, 30, 40, 40,
    ]);
  });

  it('cuts a panorama tile from its own pixels, sharper than the large thumbnail', async () => {
    const panorama = await sharp({
      create: { width: 4000, height: 1000, channels: 3, background: '#557799' },
    })
      .jpeg()
      .toBuffer();
    const set = await makeThumbnails(panorama);
    expect([set.large.width, set.large.height]).toEqual([1280, 320]);
    expect([set.tile.width, set.tile.height]).toEqual([2048, 512]);
    expect([set.small.width, set.small.height]).toEqual([1024, 256]);
  });

  it('cuts a tile from a large thumbnail for contents made before tiles', async () => {
    const { large } = await makeThumbnails(fixture('photo-exif.jpg'));
    const tile = await sharp(await tileFromLarge(large.data)).metadata();
    expect([tile.format, tile.width, tile.height]).toEqual(['webp', 683, 512]);
    await expect(tileFromLarge(fixture('broken.jpg'))).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('decodes HEVC HEIC through libheif', async () => {
    const heic = fixture('photo.heic');
    expect(isHevcHeif(heic)).toBe(true);
    expect(isHevcHeif(fixture('photo-exif.jpg'))).toBe(false);
    const set = await makeThumbnails(heic);
    expect([set.width, set.height]).toEqual([800, 600]);
    expect([set.small.width, set.small.height]).toEqual([341, 256]);
    expect([set.large.width, set.large.height]).toEqual([800, 600]);
  });

  it('decodes HEIC off the main thread, so timers keep firing meanwhile', async () => {
    const heic = fixture('photo.heic');
    await heicToJpeg(heic);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const started = performance.now();
    await Promise.all([heicToJpeg(heic), heicToJpeg(heic), heicToJpeg(heic)]);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // A blocked loop would fire at most once or twice; allow for a loaded machine.
    expect(ticks).toBeGreaterThan(Math.min(10, (elapsed / 5) * 0.25));
  });

  it('turns HEIC and PNG into JPEGs sharp reads back', async () => {
    const fromHeic = await sharp(await heicToJpeg(fixture('photo.heic'))).metadata();
    expect([fromHeic.format, fromHeic.width, fromHeic.height]).toEqual(['jpeg', 800, 600]);
    const rotated = await sharp(await pictureToJpeg(fixture('rotated-orientation6.jpg'))).metadata();
    expect([rotated.format, rotated.width, rotated.height]).toEqual(['jpeg', 900, 1200]);
  });

  it('reports bytes that are not a picture as undecodable', async () => {
    await expect(makeThumbnails(fixture('broken.jpg'))).rejects.toBeInstanceOf(UndecodableImageError);
    await expect(makeThumbnails(fixture('document.pdf'))).rejects.toBeInstanceOf(UndecodableImageError);
    // An HEIC header over garbage fails in libheif, not in a crash.
    const fakeHeic = Buffer.concat([fixture('photo.heic').subarray(0, 64), Buffer.alloc(2000, 7)]);
    await expect(makeThumbnails(fakeHeic)).rejects.toBeInstanceOf(UndecodableImageError);
  });
});
