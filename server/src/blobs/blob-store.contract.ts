import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  BlobSizeMismatchError,
  type BlobStore,
  InvalidBlobKeyError,
  InvalidRangeError,
} from './blob-store';

export interface ContractFixture {
  store: BlobStore;
  teardown?: () => Promise<void>;
  /** Staging files an implementation keeps outside the key space; must be empty after a failed put. */
  stagingFiles?: () => Promise<string[]>;
  /**
   * Upper bound on RSS growth while the large blob is written and read back. Only meaningful when
   * nothing else in the process holds the bytes (an in-process s3rver does), hence optional.
   */
  maxRssGrowthBytes?: number;
  /** Size of the large blob; 40 MiB unless the memory bound needs a larger one to stand out. */
  largeBodyBytes?: number;
  /** False only for test servers known to interleave concurrent writes to one key (s3rver). */
  racingPutsAreAtomic?: boolean;
}

const MIB = 1024 * 1024;
const INVALID_KEYS = [
  '../x',
  '/abs',
  'a//b',
  'a/./b',
  'a\\b',
  '',
  'a/',
  'a/..',
  '.tmp/x',
  'a b',
  'x'.repeat(513),
];

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<{ hex: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hex: hash.digest('hex'), size };
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of iterable) keys.push(key);
  return keys.sort();
}

/** Random bytes produced on demand, hashed as they go, so the test itself never holds the blob. */
function generatedBody(size: number, chunkSize = 256 * 1024): { body: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let produced = 0;
  const body = new Readable({
    read() {
      if (produced >= size) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(chunkSize, size - produced));
      produced += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { body, sha256: () => hash.digest('hex') };
}

/** Emits `before` bytes, then fails: a client that disconnects mid-upload. */
function failingBody(before: number, error = new Error('client went away')): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) {
        this.destroy(error);
        return;
      }
      const chunk = Buffer.alloc(Math.min(256 * 1024, before - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** Emits `before` bytes, then stalls until destroyed, so only the signal can end the upload. */
function stallingBody(before: number, onStall: () => void): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) {
        onStall();
        return;
      }
      const chunk = Buffer.alloc(Math.min(256 * 1024, before - sent), 3);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

export function describeBlobStoreContract(name: string, setup: () => Promise<ContractFixture>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: BlobStore;
    // Each test writes under its own prefix so tests stay independent on a shared bucket.
    const ns = () => `t-${randomUUID()}`;

    beforeAll(async () => {
      fixture = await setup();
      store = fixture.store;
    });
    afterAll(async () => {
      await store?.close();
      await fixture?.teardown?.();
    });

    async function expectNothingLeft(key: string) {
      expect(await store.exists(key)).toBe(false);
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      if (fixture.stagingFiles) expect(await fixture.stagingFiles()).toEqual([]);
    }

    it('round-trips a Buffer and reports its size', async () => {
      const key = `${ns()}/photo.jpg`;
      const bytes = randomBytes(100_000);
      await expect(store.put(key, bytes, { contentType: 'image/jpeg' })).resolves.toEqual({ size: 100_000 });
      expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
    });

    it('round-trips a multi-chunk stream', async () => {
      const key = `${ns()}/doc.pdf`;
      const parts = [randomBytes(1000), randomBytes(70_000), randomBytes(5)];
      const { size } = await store.put(key, Readable.from(parts));
      expect(size).toBe(71_005);
      expect((await readAll(await store.get(key))).equals(Buffer.concat(parts))).toBe(true);
    });

    it('stores an empty blob', async () => {
      const key = `${ns()}/empty`;
      expect(await store.put(key, Buffer.alloc(0))).toEqual({ size: 0 });
      expect((await readAll(await store.get(key))).length).toBe(0);
      expect(await store.stat(key)).toMatchObject({ size: 0 });
    });

    it('replaces a blob on a second put to the same key', async () => {
      const key = `${ns()}/k`;
      await store.put(key, Buffer.from('first version'));
      await store.put(key, Buffer.from('second'));
      expect((await readAll(await store.get(key))).toString()).toBe('second');
    });

    it('serves exact byte ranges (inclusive end, clamped past the end)', async () => {
      const key = `${ns()}/range`;
      const bytes = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
      await store.put(key, bytes);
      const range = async (start: number, end?: number) =>
        (await readAll(await store.get(key, { start, end }))).toString();
      expect(await range(0, 4)).toBe('01234');
      expect(await range(10, 19)).toBe('abcdefghij');
      expect(await range(30)).toBe('uvwxyz');
      expect(await range(35, 35)).toBe('z');
      expect(await range(30, 1000)).toBe('uvwxyz');
    });

    it('rejects malformed and unsatisfiable ranges', async () => {
      const key = `${ns()}/range`;
      await store.put(key, Buffer.from('0123456789'));
      for (const range of [
        { start: -1 },
        { start: 5, end: 4 },
        { start: 1.5 },
        { start: 10 },
        { start: 99, end: 100 },
      ]) {
        await expect(store.get(key, range), JSON.stringify(range)).rejects.toBeInstanceOf(InvalidRangeError);
      }
      await store.put(`${key}-empty`, Buffer.alloc(0));
      await expect(store.get(`${key}-empty`, { start: 0 })).rejects.toBeInstanceOf(InvalidRangeError);
    });

    it('stats and checks existence', async () => {
      const key = `${ns()}/stat.bin`;
      expect(await store.stat(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await store.put(key, randomBytes(1234));
      const stat = await store.stat(key);
      expect(stat?.size).toBe(1234);
      expect(stat?.mtime).toBeInstanceOf(Date);
      expect(await store.exists(key)).toBe(true);
    });

    it('deletes idempotently', async () => {
      const key = `${ns()}/gone`;
      await store.put(key, Buffer.from('x'));
      await store.delete(key);
      await expectNothingLeft(key);
      await store.delete(key);
      await store.delete(`${ns()}/never-existed`);
    });

    it('rejects a missing key with BlobNotFoundError', async () => {
      const key = `${ns()}/missing`;
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.get(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('does not treat a key prefix of other keys as a blob', async () => {
      const dir = ns();
      await store.put(`${dir}/child`, Buffer.from('x'));
      expect(await store.stat(dir)).toBeNull();
      await expect(store.get(dir)).rejects.toBeInstanceOf(BlobNotFoundError);
      await store.delete(dir);
      expect(await store.exists(`${dir}/child`)).toBe(true);
      expect(await store.stat(`${dir}/child/below`)).toBeNull();
    });

    it('rejects invalid keys in every operation, before any I/O', async () => {
      for (const key of INVALID_KEYS) {
        const body = Readable.from([Buffer.from('x')]);
        await expect(store.put(key, body), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        expect(body.destroyed, `body destroyed for ${key}`).toBe(true);
        await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.exists(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
      for (const prefix of ['../', '/abs', 'a//', 'a/../', 'a\\', '.tmp/', 'a b']) {
        await expect(collect(store.list(prefix)), prefix).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
    });

    it('leaves nothing behind when the body errors early', async () => {
      const key = `${ns()}/broken`;
      const error = new Error('client went away');
      await expect(store.put(key, failingBody(100_000, error))).rejects.toBe(error);
      await expectNothingLeft(key);
    });

    it('leaves nothing behind when the body errors after several MiB', async () => {
      // Past the first S3 part, so a multipart upload is already under way when the body fails.
      const key = `${ns()}/broken-late`;
      const error = new Error('client went away late');
      await expect(store.put(key, failingBody(20 * MIB, error))).rejects.toBe(error);
      await expectNothingLeft(key);
    });

    it('leaves nothing behind and stops reading when aborted', async () => {
      const key = `${ns()}/aborted`;
      const controller = new AbortController();
      const body = stallingBody(10 * MIB, () => controller.abort());
      const put = store.put(key, body, { signal: controller.signal });
      await expect(put).rejects.toMatchObject({ name: 'AbortError' });
      expect(body.destroyed).toBe(true);
      await expectNothingLeft(key);
    });

    it('rejects at once with an already aborted signal', async () => {
      const key = `${ns()}/pre-aborted`;
      const body = Readable.from([Buffer.from('x')]);
      await expect(store.put(key, body, { signal: AbortSignal.abort() })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(body.destroyed).toBe(true);
      await expectNothingLeft(key);
    });

    it('checks a declared size and stores nothing on a mismatch', async () => {
      const key = `${ns()}/sized`;
      await expect(store.put(key, Buffer.alloc(11), { size: 10 })).rejects.toBeInstanceOf(
        BlobSizeMismatchError,
      );
      await expectNothingLeft(key);
      await expect(store.put(key, Readable.from([Buffer.alloc(9)]), { size: 10 })).rejects.toBeInstanceOf(
        BlobSizeMismatchError,
      );
      await expectNothingLeft(key);
      expect(await store.put(key, Readable.from([Buffer.alloc(4), Buffer.alloc(6)]), { size: 10 })).toEqual({
        size: 10,
      });
    });

    it('lists keys by string prefix', async () => {
      const root = ns();
      const keys = ['p/a/1', 'p/a/2', 'p/ab', 'p/b/deep/1', 'q/1'].map((k) => `${root}/${k}`);
      for (const key of keys) await store.put(key, Buffer.from(key));
      expect(await collect(store.list(`${root}/p/a/`))).toEqual([`${root}/p/a/1`, `${root}/p/a/2`]);
      expect(await collect(store.list(`${root}/p/a`))).toEqual([
        `${root}/p/a/1`,
        `${root}/p/a/2`,
        `${root}/p/ab`,
      ]);
      expect(await collect(store.list(`${root}/p/`))).toHaveLength(4);
      expect(await collect(store.list(`${root}/`))).toEqual(keys.sort());
      expect(await collect(store.list(root))).toEqual(keys.sort());
      expect(await collect(store.list(`${root}/zzz`))).toEqual([]);
      expect(await collect(store.list(`${root}/q/1/`))).toEqual([]);
      const all = await collect(store.list(''));
      expect(all).toEqual(expect.arrayContaining(keys));
      expect(all.some((key) => key.startsWith('.tmp'))).toBe(false);
    });

    it('keeps one whole body when two puts race on a key', async (context) => {
      if (fixture.racingPutsAreAtomic === false) context.skip();
      const key = `${ns()}/racy`;
      const first = Buffer.alloc(3 * MIB, 1);
      const second = Buffer.alloc(2 * MIB, 2);
      await Promise.all([store.put(key, first), store.put(key, second)]);
      const read = await readAll(await store.get(key));
      expect(read.equals(first) || read.equals(second)).toBe(true);
    });

    it('streams a large body through with a matching SHA-256', async () => {
      const key = `${ns()}/large.bin`;
      const size = fixture.largeBodyBytes ?? 40 * MIB;
      // A small warm-up first, so one-off costs (JIT, the young generation growing to its working
      // size) are not counted as per-blob memory.
      const warmUp = generatedBody(4 * MIB);
      await store.put(key, warmUp.body);
      await sha256Of(await store.get(key));
      const { body, sha256 } = generatedBody(size);
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      try {
        expect(await store.put(key, body, { size })).toEqual({ size });
        const read = await sha256Of(await store.get(key));
        expect(read.size).toBe(size);
        expect(read.hex).toBe(sha256());
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage.rss());
      expect(await store.stat(key)).toMatchObject({ size });
      if (fixture.maxRssGrowthBytes !== undefined) {
        console.info(
          `${name}: RSS grew ${((peak - baseline) / MIB).toFixed(1)} MiB for a ${size / MIB} MiB blob`,
        );
        expect(peak - baseline).toBeLessThan(fixture.maxRssGrowthBytes);
      }
      await store.delete(key);
    });
  });
}
