import type { Album } from '@nordlys/contract/album';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { fetchAlbum } from '../../api/albums.api';
import { getAuthToken } from '../../api/session';
import type { FileActionAccount, FileActionPermissions } from '../../file-actions/file-action.types';
import { albumPath } from './album-address';
import { toAlbumView } from './album-model';
import { rememberedAlbumPassword } from './album-password.storage';
import { AlbumLoader } from './album-status-pages.component';
import { type AlbumViewerSource, albumViewerSource } from './album-viewer.source';

/** What the album viewer hands to the carousel the app composes in. */
export interface AlbumViewerSlotProps {
  fileId: string;
  source: AlbumViewerSource;
  basePath: string;
  leaveTo: string;
  account: FileActionAccount | null;
  jobRights: { isJobOwner: boolean; permissions: FileActionPermissions; albumIsShared: boolean };
}

export interface AlbumViewerScreenProps {
  albumId: string | null;
  /** The carousel's part of the address: /carousel/{albumIDB64} or /albumImage/{albumIDB64}. */
  basePath: string;
  fileId: string;
  account: FileActionAccount | null;
  renderViewer: (props: AlbumViewerSlotProps) => ReactNode;
}

/**
 * /carousel/{albumIDB64}/{fileID}: the album's files in the viewer, in the album's order, with the
 * album's rights. An album that cannot be read here goes back to its page, which says why (or asks
 * for its password).
 */
export function AlbumViewerScreen({
  albumId,
  basePath,
  fileId,
  account,
  renderViewer,
}: AlbumViewerScreenProps) {
  const [album, setAlbum] = useState<Album | 'failed' | null>(null);
  const password = albumId ? rememberedAlbumPassword(albumId) : null;
  useEffect(() => {
    if (!albumId) {
      setAlbum('failed');
      return;
    }
    const controller = new AbortController();
    fetchAlbum(albumId, { password }, controller.signal).then(setAlbum, () => {
      if (!controller.signal.aborted) setAlbum('failed');
    });
    return () => controller.abort();
  }, [albumId, password]);

  const signedIn = getAuthToken() !== null;
  const view = album && album !== 'failed' ? toAlbumView(album) : null;
  const sortOrder = view?.sortOrder;
  const source = useMemo(
    () => (albumId && sortOrder ? albumViewerSource(albumId, sortOrder, password) : null),
    [albumId, sortOrder, password],
  );

  if (album === 'failed') {
    return albumId ? (
      <Navigate to={albumPath(albumId, !signedIn)} replace />
    ) : (
      <Navigate to="/albums" replace />
    );
  }
  if (!view || !source) return <AlbumLoader />;
  return renderViewer({
    fileId,
    source,
    basePath,
    leaveTo: albumPath(view.id, !signedIn),
    account,
    jobRights: {
      isJobOwner: view.role === 'owner',
      permissions: {
        deleteFile: view.rights.deleteFile,
        setFileAsAlbumCoverPhoto: view.rights.setFileAsAlbumCoverPhoto,
      },
      albumIsShared: view.isShared,
    },
  });
}
