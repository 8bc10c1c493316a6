import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type FileMediaLinks, fileMediaLinks } from '@nordlys/contract/media-links';

/**
 * Capability URLs for thumbnails, originals and encodes. An `<img>` or `<video>` cannot send the
 * basic-auth header, so the URL itself carries the right to read: an HMAC-SHA256 over what it
 * names and an expiry. One signature per file, over (job, file, content hash, expiry), grants
 * reading that file's thumbnails, its bytes and its encode: these rights all go to the same
 * holder for the same file, so three purpose-scoped signatures would protect nothing more and
 * cost three HMACs per listed file. A signature verifies for no other file, content, job or
 * expiry. A trashed file's thumbnail signature is scoped to the trash and grants nothing else.
 * The thumbnail area and `to_jpeg` select renderings of the same bytes, so they are not signed.
 *
 * Expiry is rounded up to a UTC day boundary so that every request on the same day mints the
 * same URL: browsers and CDNs then cache one URL per thumbnail instead of one per listing.
 */

export type ThumbArea = 256 | 1280;
export const THUMB_AREAS: readonly ThumbArea[] = [256, 1280];

/** The name under which the signing key is kept in `server_secrets`. */
export const MEDIA_URL_SECRET_NAME = 'media-url-key';
export const generateMediaUrlSecret = () => randomBytes(32).toString('base64url');

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_TTL_DAYS = 7;

/** What a signature grants: a file's media (`file`) or a trashed file's thumbnails (`trash`). */
export interface SignedPurpose {
  kind: 'file' | 'trash';
  jobId: string;
  fileId: string;
  contentSha: string;
}

export interface FileUrlsInput {
  fileId: string;
  jobId: string;
  contentSha: string;
  mediaKind: 'picture' | 'movie' | 'document';
}

/** The URL fields of a FileRecord. */
export type FileUrls = FileMediaLinks;

export interface MediaUrls {
  thumbUrl(fileId: string, contentSha: string, area: ThumbArea, opts: { jobId: string }): string;
  trashThumbUrl(jobId: string, fileId: string, contentSha: string, area: ThumbArea): string;
  previewUrl(fileId: string, contentSha: string, opts: { jobId: string; toJpeg?: boolean }): string;
  videoUrl(fileId: string, contentSha: string, opts: { jobId: string }): string;
  /** Every URL a FileRecord carries, in one call. */
  fileUrls(file: FileUrlsInput): FileUrls;
  /** The one signature those URLs share, for a listing that lets the client build them. */
  fileSignature(file: Omit<FileUrlsInput, 'mediaKind'>, exp: number): string;
  /** What every media URL starts with: PUBLIC_URL, or '' for root-relative URLs. */
  readonly origin: string;
  /** True when `sig` is a valid, unexpired signature of `purpose` with expiry `exp` (epoch seconds). */
  verify(purpose: SignedPurpose, exp: number | undefined, sig: string | undefined): boolean;
  /** The expiry (epoch seconds) URLs minted now carry. */
  currentExpiry(): number;
}

export interface MediaUrlOptions {
  secret: string;
  /** Absolute origin (PUBLIC_URL); when absent the URLs are root-relative, which an `<img>` resolves. */
  publicUrl?: string | null;
  clock?: () => number;
  ttlDays?: number;
}

const canonical = (p: SignedPurpose, exp: number) =>
  `${p.kind}\n${p.jobId}\n${p.fileId}\n${p.contentSha}\n${exp}`;

/**
 * HMAC-SHA256 (RFC 2104) as two one-shot hashes over precomputed pads. A listing signs thousands
 * of URLs and createHmac's per-call setup costs more than the hashing; this is the same MAC at
 * about half the cost. The inner digest goes as hex straight into the outer block, which skips
 * a Buffer per call. The inner pad travels as a latin1 string, so it needs an ASCII key of at
 * most one block (the generated secrets are); any other key uses createHmac.
 */
export function hmacSha256(secret: string): (message: string) => string {
  const key = Buffer.from(secret, 'utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the whole range checked
  if (key.length > 64 || !/^[\x00-\x7f]*$/.test(secret)) {
    return (message) => createHmac('sha256', key).update(message).digest('base64url');
  }
  const inner = Buffer.alloc(64, 0x36);
  const outer = Buffer.alloc(64 + 32, 0x5c);
  for (let i = 0; i < key.length; i += 1) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  const innerPad = inner.toString('latin1');
  return (message) => {
    outer.write(hash('sha256', innerPad + message, 'hex'), 64, 'hex');
    return hash('sha256', outer, 'base64url');
  };
}

export function createMediaUrls(options: MediaUrlOptions): MediaUrls {
  const clock = options.clock ?? Date.now;
  const ttlMs = (options.ttlDays ?? DEFAULT_TTL_DAYS) * DAY_MS;
  const origin = options.publicUrl ? options.publicUrl.replace(/\/+$/, '') : '';

  const mac = hmacSha256(options.secret);
  const sign = (purpose: SignedPurpose, exp: number) => mac(canonical(purpose, exp));

  const currentExpiry = () => Math.ceil((clock() + ttlMs) / DAY_MS) * (DAY_MS / 1000);

  // No memo of minted signatures: the one-shot HMAC costs about 2 µs, less than a map lookup
  // keyed by the ~150-character canonical string.
  const signedQuery = (purpose: SignedPurpose) => {
    const exp = currentExpiry();
    return `exp=${exp}&sig=${sign(purpose, exp)}`;
  };

  const e = encodeURIComponent;

  const urls: MediaUrls = {
    currentExpiry,
    thumbUrl(fileId, contentSha, area, { jobId }) {
      const query = signedQuery({ kind: 'file', jobId, fileId, contentSha });
      return `${origin}/th/3/${e(fileId)}?area=${area}&${query}`;
    },
    trashThumbUrl(jobId, fileId, contentSha, area) {
      const query = signedQuery({ kind: 'trash', jobId, fileId, contentSha });
      return `${origin}/th/3/trash/${e(jobId)}/${e(fileId)}?area=${area}&${query}`;
    },
    previewUrl(fileId, contentSha, { jobId, toJpeg }) {
      const query = signedQuery({ kind: 'file', jobId, fileId, contentSha });
      return `${origin}/st/4/jobs/${e(jobId)}/files_by_id/${e(fileId)}/preview?${query}${toJpeg ? '&to_jpeg=1' : ''}`;
    },
    videoUrl(fileId, contentSha, { jobId }) {
      const query = signedQuery({ kind: 'file', jobId, fileId, contentSha });
      return `${origin}/st/4/jobs/${e(jobId)}/files_by_id/${e(fileId)}/video?${query}`;
    },
    fileUrls({ fileId, jobId, contentSha, mediaKind }) {
      // One signature serves every URL of the file.
      const exp = currentExpiry();
      const sig = sign({ kind: 'file', jobId, fileId, contentSha }, exp);
      return fileMediaLinks(origin, { jobId, fileId, exp, sig }, mediaKind);
    },
    fileSignature({ fileId, jobId, contentSha }, exp) {
      return sign({ kind: 'file', jobId, fileId, contentSha }, exp);
    },
    origin,
    verify(purpose, exp, sig) {
      if (exp === undefined || sig === undefined) return false;
      if (!Number.isSafeInteger(exp) || exp * 1000 <= clock()) return false;
      const expected = Buffer.from(sign(purpose, exp), 'utf8');
      const given = Buffer.from(sig, 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
  return urls;
}
