import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS } from '@nordlys/contract/archive';

/** A file as a download counts it. */
export interface DownloadItem {
  fileID: string;
  size: number;
  /** Stored path or name; one ending in '/' is a folder. */
  path: string;
  /** Capture time, epoch seconds (the timeline's order). */
  takenAt: number;
}

/** core.md §3 Download page: one archive of a split download. */
export interface DownloadPage {
  fileIDs: string[];
  totalSize: number;
  clicked: boolean;
  name: string;
  hasHEIC: boolean;
}

export interface DownloadLimits {
  maxItems: number;
  maxBytes: number;
}

export const DOWNLOAD_LIMITS: DownloadLimits = { maxItems: DOWNLOAD_MAX_ITEMS, maxBytes: DOWNLOAD_MAX_BYTES };

/** The alert a download over the limits shows first (core.md §4, §8; account.md §7). */
export type DownloadLimitAlert = 'tooManyFiles' | 'tooLarge' | 'albumTooManyFiles' | 'albumTooLarge';

export class EmptyDownloadError extends Error {
  constructor() {
    super('nothing to paginate: the file list is empty');
    this.name = 'EmptyDownloadError';
  }
}

const isHeic = (path: string) => /\.(heic|heif)$/i.test(path);
const isFolder = (item: DownloadItem) => item.path.endsWith('/');

/** The count is checked before the size: both exceed, the count is what the alert names. */
export function limitAlert(
  items: readonly Pick<DownloadItem, 'size'>[],
  source: 'selection' | 'album',
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadLimitAlert | null {
  const total = items.reduce((sum, item) => sum + item.size, 0);
  if (items.length > limits.maxItems) return source === 'album' ? 'albumTooManyFiles' : 'tooManyFiles';
  if (total > limits.maxBytes) return source === 'album' ? 'albumTooLarge' : 'tooLarge';
  return null;
}

/** `Nordlys 2024 (2)`: the product name, the year, and the part number in brackets when split. */
export function pageName(productName: string, year: number | null, part: number, parts: number): string {
  const base = year === null ? productName : `${productName} ${year}`;
  return parts > 1 ? `${base} (${part})` : base;
}

/**
 * Cuts a list into archives of at most `maxItems` files and `maxBytes` bytes, in order. A file
 * larger than `maxBytes` by itself is an archive of its own. An empty list is an error: a
 * download of nothing must not open an empty downloader.
 */
export function paginate(
  items: readonly DownloadItem[],
  naming: { productName: string; year: number | null },
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadPage[] {
  if (items.length === 0) throw new EmptyDownloadError();
  const groups: DownloadItem[][] = [];
  let current: DownloadItem[] = [];
  let bytes = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= limits.maxItems || bytes + item.size > limits.maxBytes)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.size;
  }
  groups.push(current);
  return groups.map((group, index) => ({
    fileIDs: group.map((item) => item.fileID),
    totalSize: group.reduce((sum, item) => sum + item.size, 0),
    clicked: false,
    name: pageName(naming.productName, naming.year, index + 1, groups.length),
    hasHEIC: group.some((item) => isHeic(item.path)),
  }));
}

/** The year of a capture time, in UTC like the timeline's months. */
const yearOf = (takenAt: number) => new Date(takenAt * 1000).getUTCFullYear();

/**
 * A large timeline split per year, newest year first, each year paginated on its own. Zero-size
 * files and folder paths are skipped; nothing left is an error, like any empty list.
 */
export function yearlyPages(
  items: readonly DownloadItem[],
  productName: string,
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadPage[] {
  const byYear = new Map<number, DownloadItem[]>();
  for (const item of items) {
    if (item.size === 0 || isFolder(item)) continue;
    const year = yearOf(item.takenAt);
    const list = byYear.get(year);
    if (list) list.push(item);
    else byYear.set(year, [item]);
  }
  if (byYear.size === 0) throw new EmptyDownloadError();
  return [...byYear.keys()]
    .sort((a, b) => b - a)
    .flatMap((year) => paginate(byYear.get(year) ?? [], { productName, year }, limits));
}
