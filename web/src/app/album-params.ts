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

const ALBUM_SEGMENTS = new Set([':albumID', ':albumIDB64']);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `pathname` is one of these album routes with its album id left empty (`/a//createNew`,
 * `/comments//f1`): no route matches it, yet it is an album route without its params, not an
 * unknown page.
 */
export function lacksAlbumParams(pathname: string, albumRoutePaths: readonly string[]): boolean {
  return albumRoutePaths.some((routePath) => {
    const segments = routePath.split('/');
    if (!segments.some((segment) => ALBUM_SEGMENTS.has(segment))) return false;
    const source = segments
      .map((segment) =>
        ALBUM_SEGMENTS.has(segment) ? '' : segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment),
      )
      .join('/');
    return new RegExp(`^${source}/?$`).test(pathname);
  });
}
