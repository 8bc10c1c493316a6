import type { FileRecord } from '@nordlys/contract/file';
import { ChevronLeft, Download, ImageDown, Maximize } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAuthToken } from '../../api/session';
import { copyAlbumFileToTimeline } from '../../file-actions/album-copy';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { albumPath } from './album-address';
import { rememberedAlbumPassword } from './album-password.storage';
import { AlbumLoader, AlbumNotFound } from './album-status-pages.component';
import { albumViewerSource } from './album-viewer.source';
import './albums.css';

// iOS saves a download nowhere the user can find it, so the button is not offered there.
const isIos = () => /iPad|iPhone|iPod/.test(globalThis.navigator?.userAgent ?? '');

/**
 * /albumImage/{albumIDB64}/{fileID}: one album file shown as a share, with fullscreen, download and
 * add to timeline (disabled for a signed-out visitor, who has no timeline).
 */
export function AlbumImagePage({ albumId, fileId }: { albumId: string | null; fileId: string }) {
  const { t } = useTranslation('albums');
  const [file, setFile] = useState<FileRecord | 'failed' | null>(null);
  const figure = useRef<HTMLElement>(null);
  const dispatch = useAppDispatch();
  const [copying, setCopying] = useState(false);
  useEffect(() => {
    if (!albumId) {
      setFile('failed');
      return;
    }
    const controller = new AbortController();
    // The order does not matter for one file.
    albumViewerSource(albumId, 'ADDED', rememberedAlbumPassword(albumId))
      .load(fileId, controller.signal)
      .then(
        (loaded) => setFile(loaded.file),
        () => {
          if (!controller.signal.aborted) setFile('failed');
        },
      );
    return () => controller.abort();
  }, [albumId, fileId]);

  const signedIn = getAuthToken() !== null;
  if (file === 'failed' || !albumId) return <AlbumNotFound signedIn={signedIn} />;
  if (!file) return <AlbumLoader />;
  const src = file.thumbURLLarge ?? file.previewURL;
  return (
    <div className="album-image">
      <Link className="album__back" to={albumPath(albumId, !signedIn)}>
        <ChevronLeft aria-hidden="true" />
        {t('image.toAlbum')}
      </Link>
      <figure className="album-image__figure" ref={figure}>
        {src && <img className="album-image__img" src={src} alt={file.fileName} />}
        <figcaption className="album-image__caption">{file.fileName}</figcaption>
      </figure>
      <div className="album-image__actions">
        <Button
          variant="secondary"
          icon={<Maximize />}
          onClick={() => void figure.current?.requestFullscreen?.().catch(() => undefined)}
        >
          {t('image.fullscreen')}
        </Button>
        {!isIos() && file.previewURL && (
          <a className="ui-button ui-button--primary" href={file.previewURL} download={file.fileName}>
            <span className="ui-button__icon" aria-hidden="true">
              <Download />
            </span>
            {t('image.download')}
          </a>
        )}
        <Button
          variant="secondary"
          icon={<ImageDown />}
          disabled={!signedIn}
          pending={copying}
          onClick={() => {
            setCopying(true);
            void copyAlbumFileToTimeline(dispatch, albumId, file.fileID).finally(() => setCopying(false));
          }}
        >
          {t('album.addToMyPhotos')}
        </Button>
      </div>
    </div>
  );
}
