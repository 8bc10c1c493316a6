import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileSink } from './file-sink';
import { FsBlobStore } from './fs-blob-store';

describe('FileSink', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'nordlys-file-sink-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes every chunk in order, queued ones as one writev, and closes the file', async () => {
    const file = path.join(root, 'out.bin');
    // Many small chunks queue up behind the first write and go out together.
    const chunks = Array.from({ length: 300 }, (_, i) => randomBytes(1 + ((i * 7919) % 70_000)));
    const handle = await open(file, 'wx');
    const sink = new FileSink(handle);
    await pipeline(Readable.from(chunks), sink);
    expect(sink.closed).toBe(true);
    expect((await readFile(file)).equals(Buffer.concat(chunks))).toBe(true);
    await expect(handle.stat()).rejects.toThrow();
  });

  it('tells of each chunk only once its bytes are on the file: scribbling over it then changes nothing', async () => {
    const file = path.join(root, 'scribbled.bin');
    const chunks = Array.from({ length: 64 }, () => randomBytes(64 * 1024));
    const expected = Buffer.concat(chunks);
    const told: Buffer[] = [];
    const sink = new FileSink(await open(file, 'wx'), (chunk) => {
      told.push(chunk);
      chunk.fill(0xee);
    });
    await pipeline(Readable.from(chunks), sink);
    expect(told).toHaveLength(chunks.length);
    expect(told.every((chunk, i) => chunk === chunks[i])).toBe(true);
    expect((await readFile(file)).equals(expected)).toBe(true);
  });

  it('lets a producer refill one buffer as soon as it is told the last fill is stored', async () => {
    const file = path.join(root, 'reused.bin');
    const source = randomBytes(5 * 1024 * 1024 + 123);
    const buffer = Buffer.allocUnsafeSlow(256 * 1024);
    let stored: (() => void) | null = null;
    const sink = new FileSink(await open(file, 'wx'), () => stored?.());
    // One buffer, refilled once its bytes are stored: a sink that read it later would write the
    // next fill's bytes in its place.
    for (let at = 0; at < source.length; at += buffer.length) {
      const fill = buffer.subarray(0, source.copy(buffer, 0, at, at + buffer.length));
      const done = new Promise<void>((resolve) => {
        stored = resolve;
      });
      sink.write(fill);
      await done;
    }
    sink.end();
    await finished(sink);
    expect((await readFile(file)).equals(source)).toBe(true);
  });

  it('an FsBlobStore put tells of each chunk after it is stored, and stores the bytes as sent', async () => {
    const store = await FsBlobStore.open(path.join(root, 'blobs'));
    const chunks = Array.from({ length: 40 }, () => randomBytes(100_000));
    const expected = Buffer.concat(chunks);
    let told = 0;
    const { size } = await store.put('a/b', Readable.from(chunks), {
      onChunkStored: (chunk) => {
        told += 1;
        chunk.fill(0);
      },
    });
    expect(size).toBe(expected.length);
    expect(told).toBe(chunks.length);
    expect((await readFile(path.join(root, 'blobs', 'a', 'b'))).equals(expected)).toBe(true);
  });
  it('flushes what is written in the background every so many bytes, and still ends with an fsync', async () => {
    const file = path.join(root, 'flushed.bin');
    const chunks = Array.from({ length: 64 }, () => randomBytes(64 * 1024));
    const handle = await open(file, 'wx');
    const datasync = vi.spyOn(handle, 'datasync');
    const sync = vi.spyOn(handle, 'sync');
    await pipeline(Readable.from(chunks), new FileSink(handle, undefined, 512 * 1024));
    // 4 MiB in flushes of at least 512 KiB, one at a time: some, and never more than eight.
    expect(datasync.mock.calls.length).toBeGreaterThan(0);
    expect(datasync.mock.calls.length).toBeLessThanOrEqual(8);
    expect(sync).toHaveBeenCalledTimes(1);
    expect((await readFile(file)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('fails the file when a background flush fails, and closes it after the flush has ended', async () => {
    const handle = await open(path.join(root, 'failed.bin'), 'wx');
    vi.spyOn(handle, 'datasync').mockRejectedValueOnce(
      Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }),
    );
    const sync = vi.spyOn(handle, 'sync');
    const chunks = Array.from({ length: 32 }, () => randomBytes(64 * 1024));
    const sink = new FileSink(handle, undefined, 256 * 1024);
    await expect(pipeline(Readable.from(chunks), sink)).rejects.toThrow('EIO');
    expect(sync).not.toHaveBeenCalled();
    expect(sink.closed).toBe(true);
    await expect(handle.stat()).rejects.toThrow();
  });
});
