import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSha256Thread,
  SHA256_BATCH_BYTES,
  SHA256_IN_FLIGHT_BYTES,
  type Sha256Thread,
} from './sha256-thread';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Threads of this process, as the system counts them (Linux). */
const osThreads = () => readdirSync('/proc/self/task').length;

describe('checksums on a thread', () => {
  let thread: Sha256Thread;
  afterEach(async () => {
    await thread.close();
  });

  it('gives the SHA-256 of the bytes, whatever the chunking', async () => {
    thread = createSha256Thread();
    const bytes = randomBytes(3 * SHA256_BATCH_BYTES + 12_345);
    for (const chunkSize of [1, 65_536, SHA256_BATCH_BYTES, SHA256_BATCH_BYTES + 7, bytes.length]) {
      const checksum = thread.begin();
      const slice = chunkSize === 1 ? bytes.subarray(0, 5000) : bytes;
      for (let at = 0; at < slice.length; at += chunkSize)
        await checksum.update(slice.subarray(at, at + chunkSize));
      expect(await checksum.digest()).toBe(sha256(slice));
    }
  });

  it('gives the SHA-256 of nothing for an empty stream', async () => {
    thread = createSha256Thread();
    expect(await thread.begin().digest()).toBe(sha256(Buffer.alloc(0)));
  });

  it('keeps interleaved streams apart', async () => {
    thread = createSha256Thread();
    const a = randomBytes(2 * SHA256_BATCH_BYTES + 1);
    const b = randomBytes(SHA256_BATCH_BYTES - 1);
    const first = thread.begin();
    const second = thread.begin();
    for (let at = 0; at < a.length; at += 100_000) {
      await first.update(a.subarray(at, at + 100_000));
      await second.update(b.subarray(at, at + 100_000));
    }
    const [hexA, hexB] = await Promise.all([first.digest(), second.digest()]);
    expect(hexA).toBe(sha256(a));
    expect(hexB).toBe(sha256(b));
  });

  it('lets the caller reuse a chunk at once: the bytes are copied', async () => {
    thread = createSha256Thread();
    const checksum = thread.begin();
    const chunk = Buffer.from('first');
    await checksum.update(chunk);
    chunk.write('xxxxx');
    expect(await checksum.digest()).toBe(sha256(Buffer.from('first')));
  });

  it('asks the caller to wait once the thread is behind, and catches up', async () => {
    thread = createSha256Thread();
    const checksum = thread.begin();
    const bytes = randomBytes(SHA256_IN_FLIGHT_BYTES + 2 * SHA256_BATCH_BYTES);
    let waits = 0;
    for (let at = 0; at < bytes.length; at += SHA256_BATCH_BYTES) {
      const behind = checksum.update(bytes.subarray(at, at + SHA256_BATCH_BYTES));
      if (behind) {
        waits += 1;
        await behind;
      }
    }
    expect(waits).toBeGreaterThan(0);
    expect(await checksum.digest()).toBe(sha256(bytes));
  });

  it('refuses a finished or discarded checksum, and checksums after close', async () => {
    thread = createSha256Thread();
    const done = thread.begin();
    await done.digest();
    expect(() => done.update(Buffer.from('late'))).toThrow(/finished/);
    const dropped = thread.begin();
    dropped.update(Buffer.from('partial'));
    dropped.discard();
    await expect(dropped.digest()).rejects.toThrow(/finished/);
    const open = thread.begin();
    open.update(Buffer.from('bytes'));
    // Closed before the thread could answer: the waiting upload fails instead of hanging.
    const failed = expect(open.digest()).rejects.toThrow(/closed/);
    await thread.close();
    await failed;
    expect(() => thread.begin()).toThrow(/closed/);
  });

  it('lets the thread go once no checksum was open for the idle time, and starts it again', async () => {
    thread = createSha256Thread(100);
    const bytes = randomBytes(3 * SHA256_BATCH_BYTES);
    const first = thread.begin();
    const running = osThreads();
    // Open checksums keep it, however long they take.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(osThreads()).toBe(running);
    await first.update(bytes);
    expect(await first.digest()).toBe(sha256(bytes));
    await vi.waitFor(() => expect(osThreads()).toBeLessThan(running), { timeout: 5_000 });
    const again = thread.begin();
    await again.update(bytes);
    expect(await again.digest()).toBe(sha256(bytes));
  });
});
