import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertValidBlobKey,
  assertValidBlobPrefix,
  blobKeyProblem,
  isValidBlobKey,
  MAX_BLOB_KEY_LENGTH,
  prefixDirectorySegments,
} from './blob-key';
import { InvalidBlobKeyError } from './blob-store';

const ROOT_POSIX = '/srv/nordlys/data/blobs';
const ROOT_WIN = 'C:\\nordlys\\data\\blobs';

function staysInside(key: string): boolean {
  const posix = path.posix.relative(ROOT_POSIX, path.posix.resolve(ROOT_POSIX, ...key.split('/')));
  const win = path.win32.relative(ROOT_WIN, path.win32.resolve(ROOT_WIN, ...key.split('/')));
  return [posix, win].every(
    (relative) =>
      relative !== '' &&
      relative !== '..' &&
      !relative.startsWith('../') &&
      !relative.startsWith('..\\') &&
      !path.isAbsolute(relative) &&
      !/^[a-z]:/i.test(relative),
  );
}

// Characters chosen to provoke traversal and normalisation: separators, dots, drive and device syntax.
const nasty = fc.constantFrom(
  '/',
  '.',
  '..',
  '\\',
  ':',
  'a',
  'B',
  '0',
  '-',
  '_',
  '~',
  '%2e',
  ' ',
  '\0',
  'C:',
  '\u2024',
);
const nastyString = fc.array(nasty, { maxLength: 24 }).map((parts) => parts.join(''));
const segment = fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/).filter((s) => !s.endsWith('.') && s !== '.tmp');
const validKey = fc.array(segment, { minLength: 1, maxLength: 8 }).map((segments) => segments.join('/'));

describe('blob keys', () => {
  it('accepts the shapes the app uses', () => {
    for (const key of [
      'a',
      'content/ab/cd/abcdef0123',
      'thumbs/x_480.webp',
      'v/1.0-rc_2/..x',
      '.hidden',
      '.a.b',
    ]) {
      expect(blobKeyProblem(key), key).toBeNull();
      expect(assertValidBlobKey(key)).toBe(key);
    }
    expect(isValidBlobKey('x'.repeat(MAX_BLOB_KEY_LENGTH))).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['../x', '".." segment'],
    ['a/../../x', '".." segment'],
    ['/abs', 'absolute'],
    ['a//b', 'empty segment'],
    ['a/', 'empty segment'],
    ['a/./b', '"." segment'],
    ['.', '"." segment'],
    ['a\\b', 'backslash'],
    ['..\\x', 'backslash'],
    ['C:x', 'outside'],
    ['a b', 'outside'],
    ['a%2F..', 'outside'],
    ['caf\u00e9', 'outside'],
    ['nul\0', 'outside'],
    ['...', 'ends with'],
    ['a./b', 'ends with'],
    ['.tmp', 'reserved'],
    ['.tmp/x', 'reserved'],
    ['x'.repeat(MAX_BLOB_KEY_LENGTH + 1), 'longer'],
  ])('rejects %j', (key, reason) => {
    expect(blobKeyProblem(key)).toContain(reason);
    expect(() => assertValidBlobKey(key)).toThrow(InvalidBlobKeyError);
  });

  it('rejects non-strings', () => {
    expect(blobKeyProblem(undefined)).toBe('not a string');
    expect(isValidBlobKey(42)).toBe(false);
  });

  it('never accepts a key that resolves outside the root (posix or windows)', () => {
    fc.assert(
      fc.property(fc.oneof(nastyString, fc.string(), validKey), (key) => {
        if (isValidBlobKey(key)) expect(staysInside(key), key).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts only keys that path normalisation leaves unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(nastyString, validKey), (key) => {
        if (isValidBlobKey(key)) expect(path.posix.normalize(key)).toBe(key);
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts every well-formed key', () => {
    fc.assert(
      fc.property(validKey, (key) => {
        fc.pre(key.length <= MAX_BLOB_KEY_LENGTH);
        expect(blobKeyProblem(key)).toBeNull();
      }),
    );
  });

  it('rejects any key with a traversal segment wherever it sits', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom('.', '..'),
        (before, after, dots) => {
          expect(isValidBlobKey([...before, dots, ...after].join('/'))).toBe(false);
        },
      ),
    );
  });
});

describe('blob key prefixes', () => {
  it('accepts the empty prefix, directory prefixes and partial segments', () => {
    for (const prefix of ['', 'a', 'a/', 'a/b', 'content/ab/', '.', '..x', 'a/.', 'a/..', '.tm']) {
      expect(assertValidBlobPrefix(prefix), prefix).toBe(prefix);
    }
  });

  it('rejects prefixes whose directory part is not a valid key', () => {
    for (const prefix of [
      '/',
      '/a',
      '../',
      'a//',
      'a/../',
      './',
      '.../',
      '.tmp/',
      'a\\',
      'a b',
      'x'.repeat(513),
    ]) {
      expect(() => assertValidBlobPrefix(prefix), prefix).toThrow(InvalidBlobKeyError);
    }
  });

  it('splits off the complete directory segments', () => {
    expect(prefixDirectorySegments('')).toEqual([]);
    expect(prefixDirectorySegments('ab')).toEqual([]);
    expect(prefixDirectorySegments('a/b/c')).toEqual(['a', 'b']);
    expect(prefixDirectorySegments('a/b/')).toEqual(['a', 'b']);
  });

  it('never lets an accepted prefix name a directory outside the root', () => {
    fc.assert(
      fc.property(fc.oneof(nastyString, fc.string()), (prefix) => {
        let accepted = true;
        try {
          assertValidBlobPrefix(prefix);
        } catch {
          accepted = false;
        }
        const segments = prefixDirectorySegments(prefix);
        if (accepted && segments.length > 0) expect(staysInside(segments.join('/')), prefix).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
