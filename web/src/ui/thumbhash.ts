import { thumbHashToDataURL } from 'thumbhash';

const MAX_ENTRIES = 3000;
const cache = new Map<string, string | null>();

/** The placeholder picture for a base64 ThumbHash, decoded once per distinct hash. */
export function thumbhashDataUrl(thumbhash: string | null | undefined): string | null {
  if (!thumbhash) return null;
  const cached = cache.get(thumbhash);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    const bytes = Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));
    url = thumbHashToDataURL(bytes);
  } catch {
    url = null;
  }
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(thumbhash, url);
  return url;
}
