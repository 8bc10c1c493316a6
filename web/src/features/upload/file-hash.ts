const abortError = () => new DOMException('The hash was aborted', 'AbortError');

/**
 * SHA-256 (lower-case hex) of a file, read as a stream so a 100 GB video never sits in memory:
 * only one chunk of the browser's stream is held at a time.
 */
export async function sha256Hex(blob: Blob, signal?: AbortSignal): Promise<string> {
  // The WebAssembly hasher is fetched with the first upload, not with the app.
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw abortError();
      const { done, value } = await reader.read();
      if (done) break;
      hasher.update(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    reader.releaseLock();
  }
  return hasher.digest('hex');
}
