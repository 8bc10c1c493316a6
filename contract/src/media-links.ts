/**
 * The paths of a file's media, built from one signature (see the server's media-urls): the server
 * mints them into FileRecords and the web client builds the same ones from a compact month
 * listing, so both sides share this one definition.
 */

export type MediaKind = 'picture' | 'movie' | 'document';

/**
 * The thumbnail sizes a URL's `area` names, smallest first: 256 (short edge 256) and 1280 (fits
 * inside 1280x1280) are the spec's thumbURLSmall and thumbURLLarge; 512 (short edge 512) is ours,
 * for grid cells on dense screens, where 256 would be upscaled and 1280 is several times the bytes.
 */
export const THUMB_AREAS = [256, 512, 1280] as const;
export type ThumbArea = (typeof THUMB_AREAS)[number];

export interface SignedFile {
  jobId: string;
  fileId: string;
  /** Expiry, epoch seconds. */
  exp: number;
  sig: string;
  /** A share's id when the signature is the share's (it opens that share's files only). */
  share?: string;
}

/** The URL fields of a FileRecord. Documents have no thumbnails; only movies have a videoURL. */
export interface FileMediaLinks {
  thumbURLSmall: string | null;
  thumbURLTile: string | null;
  thumbURLLarge: string | null;
  previewURL: string;
  videoURL: string | null;
}

const e = encodeURIComponent;

/**
 * fileMediaLinks for the files of one job under one signature: what they share is built once, so
 * a month of thousands of files costs a few concatenations each. `origin` as fileMediaLinks.
 */
export function jobMediaLinks(
  origin: string,
  grant: Omit<SignedFile, 'fileId'>,
): (fileId: string, mediaKind: MediaKind) => FileMediaLinks {
  const query = `exp=${grant.exp}&sig=${grant.sig}${grant.share ? `&share=${e(grant.share)}` : ''}`;
  const files = `${origin}/st/4/jobs/${e(grant.jobId)}/files_by_id/`;
  return (fileId, mediaKind) => {
    const id = e(fileId);
    const thumb = `${origin}/th/3/${id}?area=`;
    const base = `${files}${id}/`;
    const hasThumbs = mediaKind !== 'document';
    return {
      thumbURLSmall: hasThumbs ? `${thumb}256&${query}` : null,
      thumbURLTile: hasThumbs ? `${thumb}512&${query}` : null,
      thumbURLLarge: hasThumbs ? `${thumb}1280&${query}` : null,
      previewURL: `${base}preview?${query}`,
      videoURL: mediaKind === 'movie' ? `${base}video?${query}` : null,
    };
  };
}

/** `origin` is PUBLIC_URL without a trailing slash, or '' for root-relative URLs. */
export function fileMediaLinks(origin: string, file: SignedFile, mediaKind: MediaKind): FileMediaLinks {
  return jobMediaLinks(origin, file)(file.fileId, mediaKind);
}
