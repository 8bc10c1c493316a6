import { albumIdFromEither, albumIdToB64 } from '@nordlys/contract/album-id';

/** core.md §2: album addresses carry the compact base64url id; albumID (a UUID) is read too. */
export const albumIdOf = (params: Readonly<Record<string, string | undefined>>): string | null =>
  albumIdFromEither(params.albumIDB64 ?? params.albumID ?? '');

/** /albums/{albumIDB64} for a signed-in user, /a/{albumIDB64} for a visitor. */
export const albumPath = (albumId: string, visitor = false): string =>
  `${visitor ? '/a' : '/albums'}/${albumIdToB64(albumId)}`;

export const albumCarouselPath = (albumId: string, fileId: string): string =>
  `/carousel/${albumIdToB64(albumId)}/${encodeURIComponent(fileId)}`;

export const albumImagePath = (albumId: string, fileId: string): string =>
  `/albumImage/${albumIdToB64(albumId)}/${encodeURIComponent(fileId)}`;
