/** account.md §2 Takeout: desktop only. Phones and tablets say so by their user agent. */
export function isMobileDevice(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Silk|Kindle|Opera Mini/i.test(userAgent);
}

/** The timeline's file count as the takeout page shows it: pictures plus videos. */
export const takeoutFileCount = (stats: { picture_count: number; video_count: number }) =>
  stats.picture_count + stats.video_count;

/** Only albums with at least one file are listed. */
export const albumsWithFiles = <T extends { media_count: number }>(albums: readonly T[]): T[] =>
  albums.filter((album) => album.media_count > 0);

const VISITED_KEY = 'nordlys.takeout.visited';

/** Albums already downloaded from this browser, so the mark survives a reload. */
export function readVisited(storage: Pick<Storage, 'getItem'> | null): Set<string> {
  try {
    const raw = storage?.getItem(VISITED_KEY);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeVisited(storage: Pick<Storage, 'setItem'> | null, visited: ReadonlySet<string>): void {
  try {
    storage?.setItem(VISITED_KEY, JSON.stringify([...visited]));
  } catch {
    // Private windows may refuse storage: the mark then lasts as long as the page.
  }
}
