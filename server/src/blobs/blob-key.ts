import { InvalidBlobKeyError } from './blob-store';

export const MAX_BLOB_KEY_LENGTH = 512;

/**
 * The fs store stages writes in `<root>/.tmp/`; reserving the name in every store keeps the two
 * implementations accepting exactly the same keys.
 */
export const RESERVED_FIRST_SEGMENT = '.tmp';

// A whitelist rather than a blacklist: nothing here means anything to a file system or a URL.
const SEGMENT_CHARS = /^[A-Za-z0-9._-]+$/;
const PREFIX_CHARS = /^[A-Za-z0-9._/-]*$/;

function segmentProblem(segment: string): string | null {
  if (segment === '') return 'empty segment';
  if (segment === '.' || segment === '..') return `"${segment}" segment`;
  if (!SEGMENT_CHARS.test(segment)) return 'segment has characters outside [A-Za-z0-9._-]';
  // Windows drops trailing dots, so 'a.' and 'a' (or '...' and its parent) would be one file there.
  if (segment.endsWith('.')) return 'segment ends with "."';
  return null;
}

/** Why `key` is not a valid blob key, or null if it is. Pure: no I/O, no path resolution. */
export function blobKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string') return 'not a string';
  if (key.length === 0) return 'empty';
  if (key.length > MAX_BLOB_KEY_LENGTH) return `longer than ${MAX_BLOB_KEY_LENGTH}`;
  if (key.includes('\\')) return 'backslash';
  if (key.startsWith('/')) return 'absolute';
  const segments = key.split('/');
  if (segments[0] === RESERVED_FIRST_SEGMENT) return `"${RESERVED_FIRST_SEGMENT}" is reserved`;
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) return problem;
  }
  return null;
}

export function isValidBlobKey(key: unknown): key is string {
  return blobKeyProblem(key) === null;
}

export function assertValidBlobKey(key: string): string {
  const problem = blobKeyProblem(key);
  if (problem) throw new InvalidBlobKeyError(String(key), problem);
  return key;
}

/**
 * A list prefix is a string prefix of keys, so its last part may be a partial segment ('ab/c'
 * matches 'ab/cd'); every complete segment before the last '/' must be a valid key segment,
 * because that part is what the fs store turns into a directory path.
 */
export function assertValidBlobPrefix(prefix: string): string {
  const fail = (reason: string): never => {
    throw new InvalidBlobKeyError(String(prefix), reason);
  };
  if (typeof prefix !== 'string') fail('not a string');
  if (prefix === '') return prefix;
  if (prefix.length > MAX_BLOB_KEY_LENGTH) fail(`longer than ${MAX_BLOB_KEY_LENGTH}`);
  if (!PREFIX_CHARS.test(prefix)) fail('characters outside [A-Za-z0-9._/-]');
  const slash = prefix.lastIndexOf('/');
  if (slash >= 0) {
    const problem = blobKeyProblem(prefix.slice(0, slash));
    if (problem) fail(problem);
  }
  return prefix;
}

/** The complete directory segments of a valid prefix ('a/b/c' → ['a', 'b']). */
export function prefixDirectorySegments(prefix: string): string[] {
  const slash = prefix.lastIndexOf('/');
  return slash < 0 ? [] : prefix.slice(0, slash).split('/');
}
