export interface AlbumParams {
  albumID?: string;
  albumIDB64?: string;
}

export const MISSING_ALBUM_PARAMS = 'Must have params for either albumID or albumIDB64';

/** Album screens need one of the two ids; reaching one without is a routing bug, so it fails loudly. */
export function requireAlbumParams(params: Readonly<Record<string, string | undefined>>): AlbumParams {
  const { albumID, albumIDB64 } = params;
  if (!albumID && !albumIDB64) throw new Error(MISSING_ALBUM_PARAMS);
  return { ...(albumID ? { albumID } : {}), ...(albumIDB64 ? { albumIDB64 } : {}) };
}
