import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixture, fixturesDir } from '../../test/media-test-content';
import { createThumbnailThreads } from './thumbnail-threads';
import { makeThumbnails, UndecodableImageError } from './thumbnails';

const fixturePath = (name: string) => path.join(fixturesDir, name);
/** Threads of this process, as the system counts them (Linux). */
const osThreads = () => readdirSync('/proc/self/task').length;

describe('thumbnail threads', () => {
  const threads = createThumbnailThreads(1);
  afterAll(() => threads.close());

  it('makes the same thumbnails on a thread as on the calling thread', async () => {
    const here = await makeThumbnails(fixture('rotated-orientation6.jpg'));
    const there = await threads.make(fixture('rotated-orientation6.jpg'));
    expect(Buffer.isBuffer(there.small.data)).toBe(true);
    expect(there.small.data.equals(here.small.data)).toBe(true);
    expect(there.tile.data.equals(here.tile.data)).toBe(true);
    expect(there.large.data.equals(here.large.data)).toBe(true);
    expect({ ...there, small: null, tile: null, large: null }).toEqual({
      ...here,
      small: null,
      tile: null,
      large: null,
    });
  });

  it('reads a file on the thread; a missing file is a failure to retry, not a bad picture', async () => {
    const here = await makeThumbnails(fixture('photo-exif.jpg'));
    const there = await threads.make({ file: fixturePath('photo-exif.jpg') });
    expect(there.large.data.equals(here.large.data)).toBe(true);
    const missing = threads.make({ file: fixturePath('no-such-picture.jpg') });
    await expect(missing).rejects.toThrow(/ENOENT/);
    await expect(missing).rejects.not.toBeInstanceOf(UndecodableImageError);
  });

  it('queues requests beyond its threads and answers each', async () => {
    const names = ['photo-exif.jpg', 'screenshot_20240315_101500.png', 'photo.heic', 'photo-exif.jpg'];
    const sets = await Promise.all(names.map((name) => threads.make(fixture(name))));
    for (const set of sets) expect(set.large.width).toBeGreaterThan(0);
    expect(sets[0]?.thumbhash).toBe(sets[3]?.thumbhash);
  });

  it('reports bytes that do not decode as undecodable, and keeps working', async () => {
    await expect(threads.make(fixture('broken.jpg'))).rejects.toBeInstanceOf(UndecodableImageError);
    await expect(threads.make(Buffer.from('not a picture'))).rejects.toBeInstanceOf(UndecodableImageError);
    expect((await threads.make(fixture('photo-exif.jpg'))).small.width).toBeGreaterThan(0);
  });

  it('refuses work once closed', async () => {
    const closing = createThumbnailThreads(1);
    const inFlight = expect(closing.make(fixture('photo-exif.jpg'))).rejects.toThrow(/closed/);
    await closing.close();
    await inFlight;
    await expect(closing.make(fixture('photo-exif.jpg'))).rejects.toThrow(/closed/);
  });

  it('lets an idle thread go, and starts a new one for the next picture', async () => {
    const quick = createThumbnailThreads(1, 100);
    try {
      await quick.make(fixture('photo-exif.jpg'));
      const withThread = osThreads();
      await vi.waitFor(() => expect(osThreads()).toBeLessThan(withThread), { timeout: 5_000 });
      expect((await quick.make(fixture('photo-exif.jpg'))).small.width).toBeGreaterThan(0);
    } finally {
      await quick.close();
    }
  });
});
