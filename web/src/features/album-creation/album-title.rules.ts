/** core.md §5 and §9: album titles are trimmed and at most 255 characters. */
export const ALBUM_TITLE_MAX = 255;

export type AlbumTitleError = 'requiredForShared' | 'tooLong';

export const normalizeTitle = (raw: string): string => raw.trim();

/** The rule's message for this title, or null when it may be saved. */
export function albumTitleError(raw: string, isShared: boolean): AlbumTitleError | null {
  const title = normalizeTitle(raw);
  if (title.length > ALBUM_TITLE_MAX) return 'tooLong';
  if (isShared && title.length === 0) return 'requiredForShared';
  return null;
}

/**
 * The title the album is created with: a shared album left empty takes the default new-shared-album
 * title; a private one left empty keeps '' so the server's unnamed-album placeholder applies.
 */
export function titleToCreate(raw: string, isShared: boolean, defaultSharedTitle: string): string {
  const title = normalizeTitle(raw).slice(0, ALBUM_TITLE_MAX);
  return isShared && title.length === 0 ? defaultSharedTitle : title;
}

/**
 * Create is enabled for a private album while the draft holds (the rules pass), for a shared one
 * when the title is non-empty and the user is signed in (core.md §5).
 */
export function canCreateAlbum(input: { title: string; isShared: boolean; signedIn: boolean }): boolean {
  if (albumTitleError(input.title, input.isShared) !== null) return false;
  if (!input.isShared) return true;
  return input.signedIn && normalizeTitle(input.title).length > 0;
}
