import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, InvalidBlobKeyError } from './blob-store';
import { describeBlobStoreContract } from './blob-store.contract';
import { createBlobStore } from './create-blob-store';
import { FsBlobStore } from './fs-blob-store';

const MIB = 1024 * 1024;

describeBlobStoreContract('fs', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'nordlys-fs-blobs-'));
  const store = await FsBlobStore.open(root);
  return {
    store,
    stagingFiles: () => readdir(store.tempDir),
    // Half the body: a store that buffered it would grow by the whole body at least. One that
    // streams grows by its buffers, the young generation and the chunks already written but not
    // yet collected (V8 frees outside-heap buffers only once tens of MiB of them pile up): 33 to
    // 64 MiB seen on Node 24, whatever the body's size, so the body is large enough to tell apart.
    largeBodyBytes: 192 * MIB,
    maxRssGrowthBytes: 96 * MIB,
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});

describe('FsBlobStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'nordlys-fs-blobs-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is what the factory builds for the embedded config, with its folders created', async () => {
    const store = await createBlobStore({ kind: 'fs', root: path.join(root, 'blobs') });
    expect(store.kind).toBe('fs');
    expect(await readdir(path.join(root, 'blobs'))).toEqual(['.tmp']);
  });

  it('names the file holding a blob, refuses an absent one and an unchecked key', async () => {
    const store = await FsBlobStore.open(root);
    await store.put('content/ab/cdef', Buffer.from('bytes'));
    const file = await store.localFile('content/ab/cdef');
    expect(file).toBe(path.join(root, 'content', 'ab', 'cdef'));
    expect(await readFile(file)).toEqual(Buffer.from('bytes'));
    await expect(store.localFile('content/ab/absent')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.localFile('../outside')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('stores a key as nested folders under the root', async () => {
    const store = await FsBlobStore.open(root);
    await store.put('content/ab/cdef', Buffer.from('bytes'));
    expect(await readdir(path.join(root, 'content', 'ab'))).toEqual(['cdef']);
  });

  it('sweeps stale staging files at open and keeps fresh ones', async () => {
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const stale = path.join(root, '.tmp', 'crashed.part');
    const fresh = path.join(root, '.tmp', 'in-flight.part');
    await writeFile(stale, 'half a file');
    await writeFile(fresh, 'another process is writing this');
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, hoursAgo, hoursAgo);

    const store = await FsBlobStore.open(root);
    expect(await readdir(store.tempDir)).toEqual(['in-flight.part']);
    expect(await store.sweepUnfinished({ olderThanMs: 0 })).toBe(1);
    expect(await readdir(store.tempDir)).toEqual([]);
  });

  it('recreates the staging folder if it was removed while running', async () => {
    const store = await FsBlobStore.open(root);
    await rm(store.tempDir, { recursive: true });
    await store.put('a', Buffer.from('x'));
    expect(await store.exists('a')).toBe(true);
  });

  it('does not follow or list symlinks planted in the tree', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'nordlys-outside-'));
    try {
      await writeFile(path.join(outside, 'secret'), 'do not list');
      const store = await FsBlobStore.open(root);
      await store.put('real/file', Buffer.from('x'));
      await symlink(outside, path.join(root, 'real', 'link'));
      const keys: string[] = [];
      for await (const key of store.list('')) keys.push(key);
      expect(keys).toEqual(['real/file']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('skips stray files whose names are not valid keys when listing', async () => {
    const store = await FsBlobStore.open(root);
    await store.put('ok', Buffer.from('x'));
    await writeFile(path.join(root, 'has space'), 'x');
    const keys: string[] = [];
    for await (const key of store.list('')) keys.push(key);
    expect(keys).toEqual(['ok']);
  });
});
