import type { FileRecord } from '@nordlys/contract/file';
import { Play } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { thumbhashDataUrl } from '../../ui/thumbhash';
import '../../ui/tile-overlay.css';

export interface AlbumFileGridProps {
  files: readonly FileRecord[];
  hrefOf: (file: FileRecord) => string;
  /** The file context menu of a tile (the app composes features/file-menu in). */
  menuOf?: (file: FileRecord) => ReactNode;
}

// Very wide panoramas and tall screenshots are cropped so one file cannot fill a row alone.
const MIN_RATIO = 0.5;
const MAX_RATIO = 2.5;
const EAGER_TILES = 12;

const ratioOf = (file: FileRecord): number => {
  const ratio = file.width && file.height ? file.width / file.height : 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
};

const durationText = (seconds: number): string => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * The album's files in the flow view (core.md §2, the default view mode): justified rows where
 * every file keeps its shape, each row filled to the width.
 */
export function AlbumFileGrid({ files, hrefOf, menuOf }: AlbumFileGridProps) {
  const { t } = useTranslation('albums');
  return (
    <ul className="album-flow" aria-label={t('album.filesLabel')}>
      {files.map((file, index) => {
        const ratio = ratioOf(file);
        const src = file.thumbURLTile ?? file.thumbURLSmall;
        const isMovie = file.duration > 0;
        const placeholder = thumbhashDataUrl(file.thumbhash);
        return (
          <li
            key={file.fileID}
            className="album-flow__item"
            style={{ '--ratio': ratio, flexGrow: ratio } as CSSProperties}
          >
            {/* The viewer closes back to this page (its scroll kept) rather than opening it anew. */}
            <Link className="album-flow__link" to={hrefOf(file)} state={{ fromAlbum: true }}>
              <span className="album-flow__shape" style={{ paddingBottom: `${100 / ratio}%` }} />
              {placeholder && <img className="album-flow__hash" src={placeholder} alt="" />}
              {src ? (
                <img
                  className="album-flow__image"
                  src={src}
                  alt={file.fileName}
                  loading={index < EAGER_TILES ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : (
                <span className="album-flow__missing">{file.fileName}</span>
              )}
              {isMovie && (
                <span className="tile-badge tile-badge--roomy">
                  <Play aria-hidden="true" />
                  <span>{durationText(file.duration)}</span>
                  <span className="visually-hidden">{t('album.video')}</span>
                </span>
              )}
            </Link>
            {menuOf && <span className="album-flow__menu">{menuOf(file)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
