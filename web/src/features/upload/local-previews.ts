/**
 * Pictures this tab uploaded, shown from the picked file itself (an object URL) while the server
 * is still making their thumbnails and previews, so a fresh upload never shows an empty cell or an
 * error. Object URLs of picked files point at the file on disk; they copy no bytes.
 */

/** Types every browser we support draws in an <img> (HEIC and RAW are not among them). */
const DRAWABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

export const isDrawableImage = (type: string): boolean => DRAWABLE.has(type.toLowerCase());

/** The newest uploads keep their preview; older ones have long had server thumbnails. */
export const LOCAL_PREVIEW_LIMIT = 300;

export interface ObjectUrls {
  create(file: Blob): string;
  revoke(url: string): void;
}

const browserUrls: ObjectUrls = {
  create: (file) => URL.createObjectURL(file),
  revoke: (url) => URL.revokeObjectURL(url),
};

export class LocalPreviews {
  /** Insertion order is upload order: the first key is the oldest. */
  private readonly urls = new Map<string, string>();

  constructor(
    private readonly objectUrls: ObjectUrls = browserUrls,
    private readonly limit = LOCAL_PREVIEW_LIMIT,
  ) {}

  /** Keeps a stored upload's file for display under the id the server gave it. */
  remember(fileId: string, file: Blob): void {
    if (!isDrawableImage(file.type) || this.urls.has(fileId)) return;
    this.urls.set(fileId, this.objectUrls.create(file));
    while (this.urls.size > this.limit) {
      const [oldest, url] = this.urls.entries().next().value as [string, string];
      this.urls.delete(oldest);
      this.objectUrls.revoke(url);
    }
  }

  /** The picked file's URL for a file uploaded in this tab, else null. */
  readonly urlFor = (fileId: string): string | null => this.urls.get(fileId) ?? null;

  clear(): void {
    for (const url of this.urls.values()) this.objectUrls.revoke(url);
    this.urls.clear();
  }
}

/** The tab's one registry: the uploader fills it, the app hands `urlFor` to the grids and the viewer. */
export const localPreviews = new LocalPreviews();
