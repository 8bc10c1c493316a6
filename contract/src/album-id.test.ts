/// <reference types="node" />
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { albumIdFromB64, albumIdFromEither, albumIdToB64, isAlbumIdB64 } from './album-id';

// Independent reference: Node's own base64url over the UUID's bytes.
const reference = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');

describe('album id encoding', () => {
  it('encodes a UUID as 22 URL-safe characters without padding', () => {
    const uuid = 'fbff3e7a-0c1d-4e2f-8a9b-ffeeddccbbaa';
    const b64 = albumIdToB64(uuid);
    expect(b64).toBe(reference(uuid));
    expect(b64).toHaveLength(22);
    expect(b64).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(b64).toContain('_'); // 0xff bytes need the URL-safe alphabet
  });

  it('decodes back to the dashed lower-case UUID', () => {
    expect(albumIdFromB64('-_8-egwdTi-Km__u3cy7qg')).toBe('fbff3e7a-0c1d-4e2f-8a9b-ffeeddccbbaa');
  });

  it('round-trips any UUID both ways and matches the reference', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        const b64 = albumIdToB64(uuid);
        expect(b64).toBe(reference(uuid));
        expect(albumIdFromB64(b64)).toBe(uuid.toLowerCase());
      }),
    );
    const uuid = randomUUID();
    expect(albumIdFromB64(albumIdToB64(uuid.toUpperCase()))).toBe(uuid);
  });

  it('rejects what is not an album id', () => {
    expect(() => albumIdToB64('not-a-uuid')).toThrow();
    expect(() => albumIdFromB64('short')).toThrow();
    expect(() => albumIdFromB64('AAAAAAAAAAAAAAAAAAAAA=')).toThrow();
    // The last character carries only 2 bits; other endings are not canonical.
    expect(isAlbumIdB64('AAAAAAAAAAAAAAAAAAAAAB')).toBe(false);
    expect(isAlbumIdB64('AAAAAAAAAAAAAAAAAAAAAQ')).toBe(true);
  });

  it('accepts either form for a lookup', () => {
    const uuid = randomUUID();
    expect(albumIdFromEither(uuid)).toBe(uuid);
    expect(albumIdFromEither(albumIdToB64(uuid))).toBe(uuid);
    expect(albumIdFromEither('../etc')).toBeNull();
  });
});
