import type { Album } from '@nordlys/contract/album';

/** core.md §9: picker tiles and the list they sit in. */
export const PICKER_TILE = {
  desktop: { width: 229, height: 114 },
  mobile: { width: 137, height: 68 },
} as const;
export const PICKER_LIST_WIDTH = 468;

/** The 'New album' tile's value: the picker answers it instead of an album id. */
export const NEW_ALBUM = 'new' as const;
export type PickerChoice = { kind: 'album'; album: Album } | { kind: 'new' };

export type PickerLoad = 'loading' | 'loaded' | 'failed';

/** Albums the files may go to: the current album is never a target (core.md §2). */
export function pickableAlbums(albums: readonly Album[], currentAlbumId: string | null | undefined): Album[] {
  return albums.filter((album) => album.id !== currentAlbumId);
}

/** Done is enabled only with a choice, and only one that is still on the list. */
export function canConfirm(choice: PickerChoice | null, albums: readonly Album[]): boolean {
  if (!choice) return false;
  if (choice.kind === 'new') return true;
  return albums.some((album) => album.id === choice.album.id);
}
