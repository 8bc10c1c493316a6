/**
 * core.md §2: album ids in URLs (albumIDB64) are the album UUID's 16 bytes in URL-safe base64
 * without padding, 22 characters. Both directions are pure so the server and the client agree.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const B64_PATTERN = /^[A-Za-z0-9_-]{21}[AQgw]$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const char = (sextet: number) => ALPHABET.charAt(sextet & 63);
const sextet = (text: string, at: number) => ALPHABET.indexOf(text.charAt(at));

export const isAlbumUuid = (value: string): boolean => UUID_PATTERN.test(value);
export const isAlbumIdB64 = (value: string): boolean => B64_PATTERN.test(value);

/** `0f8e…-…` → 22-character base64url. Throws on anything that is not a UUID. */
export function albumIdToB64(uuid: string): string {
  if (!isAlbumUuid(uuid)) throw new Error(`not an album id: ${uuid}`);
  const hex = uuid.replaceAll('-', '').toLowerCase();
  let out = '';
  // 16 bytes = five 3-byte groups plus one byte; each group gives four characters.
  for (let i = 0; i < 30; i += 6) {
    const group = Number.parseInt(hex.slice(i, i + 6), 16);
    out += char(group >> 18) + char(group >> 12) + char(group >> 6) + char(group);
  }
  const last = Number.parseInt(hex.slice(30, 32), 16);
  return out + char(last >> 2) + char((last & 3) << 4);
}

/** 22-character base64url → dashed lower-case UUID. Throws on anything else. */
export function albumIdFromB64(b64: string): string {
  if (!isAlbumIdB64(b64)) throw new Error(`not an album id: ${b64}`);
  let hex = '';
  for (let i = 0; i < 20; i += 4) {
    const group =
      (sextet(b64, i) << 18) | (sextet(b64, i + 1) << 12) | (sextet(b64, i + 2) << 6) | sextet(b64, i + 3);
    hex += group.toString(16).padStart(6, '0');
  }
  const last = (sextet(b64, 20) << 2) | (sextet(b64, 21) >> 4);
  hex += last.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Either form in, the dashed UUID out; null when it is neither (the caller answers 404 or fails the page). */
export function albumIdFromEither(value: string): string | null {
  if (isAlbumUuid(value)) return albumIdFromB64(albumIdToB64(value)); // normalises case and dashes
  if (isAlbumIdB64(value)) return albumIdFromB64(value);
  return null;
}
