import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChunkPool } from './chunk-pool';
import { FsBlobStore } from './fs-blob-store';

/**
 * Reads `stream` as a consumer that copies each chunk and gives its buffer back only a turn later,
 * after scribbling over the view: bytes pushed from a buffer still lent would show as 0xee.
 */
async function drainLate(stream: Readable, pool: ChunkPool): Promise<Buffer> {
  const copies: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    expect(pool.owns(chunk)).toBe(true);
    copies.push(Buffer.from(chunk));
    setImmediate(() => {
      chunk.fill(0xee);
      pool.give(chunk);
    });
  }
  return Buffer.concat(copies);
}

describe('FsBlobStore reads into a ChunkPool', () => {
  let root: string;
  let store: FsBlobStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'nordlys-pooled-'));
    store = await FsBlobStore.open(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives every byte in order through three small buffers reused many times, whole and by range', async () => {
    const bytes = randomBytes(200 * 1024 + 77);
    await store.put('a/b', bytes);
    const pool = new ChunkPool(4096, 3);

    expect(
      (await drainLate((await store.get('a/b', undefined, { chunks: pool })) as Readable, pool)).equals(
        bytes,
      ),
    ).toBe(true);
    const range = { start: 5000, end: 150_000 };
    const part = await drainLate((await store.get('a/b', range, { chunks: pool })) as Readable, pool);
    expect(part.equals(bytes.subarray(range.start, range.end + 1))).toBe(true);

    const empty = await store.put('empty', Buffer.alloc(0));
    expect(empty.size).toBe(0);
    expect(
      (await drainLate((await store.get('empty', undefined, { chunks: pool })) as Readable, pool)).length,
    ).toBe(0);
  });

  it('waits for a buffer to come back rather than reading into one still lent', async () => {
    await store.put('k', randomBytes(10_000));
    const pool = new ChunkPool(1024, 2);
    const stream = (await store.get('k', undefined, { chunks: pool })) as Readable;
    const held: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => held.push(chunk));
    // Both buffers lent and none given back: the reader stops there, and goes on once one is.
    while (held.length < 2) await once(stream, 'data');
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.length).toBe(2);
    pool.give(held[0] as Buffer);
    await once(stream, 'data');
    expect(held.length).toBe(3);
    stream.destroy();
    await once(stream, 'close');
  });
});
