import { describe, expect, it } from 'vitest';
import { sha256Hex } from './file-hash';

// jsdom's Blob has no stream(); this one hands out the bytes in the given chunks, as a browser's would.
const streamed = (chunks: Uint8Array[]) =>
  ({
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
  }) as unknown as Blob;

async function expectedHex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('streaming sha256', () => {
  it('matches a one-shot digest over a file read in many chunks', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += 65_536) chunks.push(bytes.subarray(at, at + 65_536));
    expect(chunks.length).toBeGreaterThan(40);
    expect(await sha256Hex(streamed(chunks))).toBe(await expectedHex(bytes));
  });

  it('hashes the empty file', async () => {
    expect(await sha256Hex(streamed([]))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sha256Hex(streamed([new Uint8Array(10)]), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
