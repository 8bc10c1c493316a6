/**
 * core.md §5: an album password is transformed before it leaves the client (salted hash, then key
 * derivation with 1001 iterations to 160 bits), so the typed password never travels or lands in a
 * log. The server stores only its own slow hash of the transformed value and compares on every read.
 * WebCrypto only, so the same code runs in the browser and in Node.
 */
export const ALBUM_PASSWORD_SALT = 'nordlys.album-password.v1';
export const ALBUM_PASSWORD_ITERATIONS = 1001;
export const ALBUM_PASSWORD_BITS = 160;
/** The transformed value: 160 bits as lower-case hex. */
export const TRANSFORMED_PASSWORD_PATTERN = '^[0-9a-f]{40}$';

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function transformAlbumPassword(password: string): Promise<string> {
  const { subtle } = globalThis.crypto;
  const encoder = new TextEncoder();
  // NFC so the same password typed on different keyboards gives the same bytes.
  const typed = password.normalize('NFC');
  const salted = toHex(await subtle.digest('SHA-256', encoder.encode(ALBUM_PASSWORD_SALT + typed)));
  const key = await subtle.importKey('raw', encoder.encode(salted), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: encoder.encode(ALBUM_PASSWORD_SALT),
      iterations: ALBUM_PASSWORD_ITERATIONS,
    },
    key,
    ALBUM_PASSWORD_BITS,
  );
  return toHex(bits);
}
