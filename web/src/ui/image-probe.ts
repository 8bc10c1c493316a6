import type { ImageProbe } from './image-retry';

/**
 * Asks for an image address again to read what the failed <img> could not: its status and
 * Retry-After. The body is left unread (a ready picture is then loaded by the <img> itself), and
 * nothing is cached from it.
 */
export async function probeImage(
  src: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ImageProbe> {
  try {
    const response = await fetchImpl(src, { signal, cache: 'no-store', credentials: 'same-origin' });
    const probe: ImageProbe = {
      kind: 'answered',
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
    };
    await response.body?.cancel().catch(() => undefined);
    return probe;
  } catch {
    return { kind: 'unreachable' };
  }
}
