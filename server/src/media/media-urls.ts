import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type FileMediaLinks, fileMediaLinks, type ThumbArea } from '@nordlys/contract/media-links';

/**
 * Capability URLs for thumbnails, originals and encodes. An `<img>` or `<video>` cannot send the
 * basic-auth header, so the URL itself carries the right to read: an HMAC-SHA256 over what it
 * grants and an expiry.
 *
 * A file's media URLs carry a grant for its job: one signature over (job, expiry) that every file
 * of the job shares, together with the file's id. A month listing names thousands of files, and
 * an HMAC per file was the largest part of the server's work to answer it; a grant costs one per
 * listing, and every listing of the job on the same day carries the same one. What a grant opens
 * is bounded twice: only files of the job it names (each route checks the file's own job), and
 * only by id. File ids are random UUIDs (122 bits) that appear only in answers to the job's
 * readers and in these URLs, so a URL that leaks gives away its own file, not the library. A
 * trashed file's thumbnails have a signature of their own, over the job, the file and its
 * content, which grants nothing else.
 *
 * The thumbnail area and `to_jpeg` select renderings of the same bytes, so they are not signed.
 * Expiry is rounded up to a UTC day boundary so that every request on the same day mints the
 * same URL: browsers and CDNs then cache one URL per thumbnail instead of one per listing.
 */

export type { ThumbArea };

/** The name under which the signing key is kept in `server_secrets`. */
export const MEDIA_URL_SECRET_NAME = 'media-url-key';
export const generateMediaUrlSecret = () => randomBytes(32).toString('base64url');

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_TTL_DAYS = 7;

/**
 * What a signature grants: the media of a job's files (`job`), a trashed file's thumbnails
 * (`trash`), or the files of one share (`share`: the delivery checks the file is one of them).
 */
export type SignedPurpose =
  | { kind: 'job'; jobId: string }
  | { kind: 'share'; shareId: string }
  | { kind: 'trash'; jobId: string; fileId: string; contentSha: string }
  /** An archive link: what it packs, serialised by the archive service, and for whom. */
  | { kind: 'archive'; payload: string }
  /** One file for a TV receiver: that file only, for CAST_URL_TTL_SECONDS. */
  | { kind: 'cast'; jobId: string; fileId: string };

/**
 * How long a URL handed to a TV receiver stays valid. The receiver holds no token of the user's,
 * and a URL on a shared screen may be seen by others, so it opens one file for a short time; the
 * sender mints fresh ones for each item it sends.
 */
export const CAST_URL_TTL_SECONDS = 60 * 60;

export interface FileUrlsInput {
  fileId: string;
  jobId: string;
  mediaKind: 'picture' | 'movie' | 'document';
}

/** The URL fields of a FileRecord. */
export type FileUrls = FileMediaLinks;

export interface MediaUrls {
  thumbUrl(fileId: string, area: ThumbArea, opts: { jobId: string }): string;
  trashThumbUrl(jobId: string, fileId: string, contentSha: string, area: ThumbArea): string;
  previewUrl(fileId: string, opts: { jobId: string; toJpeg?: boolean }): string;
  videoUrl(fileId: string, opts: { jobId: string }): string;
  /** Every URL a FileRecord carries, in one call. */
  fileUrls(file: FileUrlsInput): FileUrls;
  /**
   * The same URLs signed for a share: they open the file only while it is one of the share's,
   * so a visitor holding them reaches nothing else of the owner's job.
   */
  shareFileUrls(shareId: string, file: FileUrlsInput): FileUrls;
  /** The grant those URLs carry, for a listing that lets the client build them. */
  jobSignature(jobId: string, exp: number): string;
  /**
   * The URL a TV receiver loads for a file: a picture as JPEG, a movie's web encode; signed for
   * that file alone and short-lived (CAST_URL_TTL_SECONDS), not rounded to a day.
   */
  castUrl(file: FileUrlsInput): string;
  /** The signature of an archive link expiring at `exp` (epoch seconds); checked with `verify`. */
  archiveSignature(payload: string, exp: number): string;
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

function canonical(p: SignedPurpose, exp: number): string {
  if (p.kind === 'job') return ['job', p.jobId, exp].join('\n');
  if (p.kind === 'share') return ['share', p.shareId, exp].join('\n');
  if (p.kind === 'archive') return ['archive', p.payload, exp].join('\n');
  if (p.kind === 'cast') return ['cast', p.jobId, p.fileId, exp].join('\n');
  return ['trash', p.jobId, p.fileId, p.contentSha, exp].join('\n');
}

/** Grants kept for reuse: a listing asks for the same one once per file. */
const GRANT_MEMO_SIZE = 1024;

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

  const grants = new Map<string, string>();
  const jobSignature = (jobId: string, exp: number) => {
    const key = `${exp} ${jobId}`;
    let sig = grants.get(key);
    if (sig === undefined) {
      sig = sign({ kind: 'job', jobId }, exp);
      if (grants.size >= GRANT_MEMO_SIZE) grants.clear();
      grants.set(key, sig);
    }
    return sig;
  };
  const jobQuery = (jobId: string) => {
    const exp = currentExpiry();
    return `exp=${exp}&sig=${jobSignature(jobId, exp)}`;
  };

  const e = encodeURIComponent;

  const urls: MediaUrls = {
    currentExpiry,
    thumbUrl(fileId, area, { jobId }) {
      return `${origin}/th/3/${e(fileId)}?area=${area}&${jobQuery(jobId)}`;
    },
    trashThumbUrl(jobId, fileId, contentSha, area) {
      const exp = currentExpiry();
      const sig = sign({ kind: 'trash', jobId, fileId, contentSha }, exp);
      return `${origin}/th/3/trash/${e(jobId)}/${e(fileId)}?area=${area}&exp=${exp}&sig=${sig}`;
    },
    previewUrl(fileId, { jobId, toJpeg }) {
      return `${origin}/st/4/jobs/${e(jobId)}/files_by_id/${e(fileId)}/preview?${jobQuery(jobId)}${toJpeg ? '&to_jpeg=1' : ''}`;
    },
    videoUrl(fileId, { jobId }) {
      return `${origin}/st/4/jobs/${e(jobId)}/files_by_id/${e(fileId)}/video?${jobQuery(jobId)}`;
    },
    fileUrls({ fileId, jobId, mediaKind }) {
      const exp = currentExpiry();
      return fileMediaLinks(origin, { jobId, fileId, exp, sig: jobSignature(jobId, exp) }, mediaKind);
    },
    shareFileUrls(shareId, { fileId, jobId, mediaKind }) {
      const exp = currentExpiry();
      const sig = sign({ kind: 'share', shareId }, exp);
      return fileMediaLinks(origin, { jobId, fileId, exp, sig, share: shareId }, mediaKind);
    },
    castUrl({ fileId, jobId, mediaKind }) {
      const exp = Math.floor(clock() / 1000) + CAST_URL_TTL_SECONDS;
      const sig = sign({ kind: 'cast', jobId, fileId }, exp);
      const base = `${origin}/st/4/jobs/${e(jobId)}/files_by_id/${e(fileId)}/`;
      const query = `exp=${exp}&sig=${sig}&cast=1`;
      return mediaKind === 'movie' ? `${base}video?${query}` : `${base}preview?${query}&to_jpeg=1`;
    },
    jobSignature,
    archiveSignature: (payload, exp) => sign({ kind: 'archive', payload }, exp),
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
