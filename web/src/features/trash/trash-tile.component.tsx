import type { TrashFile } from '@nordlys/contract/trash';
import { Check, FileText, ImageOff, Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import '../../ui/tile-overlay.css';
import { daysLabel } from './trash-groups';
import type { TrashProcessing } from './trash-list.slice';

export const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

const clock = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
};

export interface TrashTileFrameProps {
  /** For the toggle's accessible name. */
  name: string;
  days: number;
  selected: boolean;
  processing: TrashProcessing | undefined;
  onToggle(): void;
  /** What fills the square: a thumbnail or a placeholder, and any badge. */
  media: ReactNode;
  /** Shown above the days left (an album's name). */
  title?: ReactNode;
  /** Put before the days left (an album's file count). */
  detail?: string;
}

/** One item of a trash list: a square that toggles selection, its processing state, and the days left. */
export function TrashTileFrame({
  name,
  days,
  selected,
  processing,
  onToggle,
  media,
  title,
  detail,
}: TrashTileFrameProps) {
  const { t } = useTranslation('trash');
  const label = daysLabel(days);
  const daysText = t(`list.${label.key}`, { count: label.count });
  return (
    <li
      className={[
        'trash-tile',
        selected && 'trash-tile--selected',
        processing && 'trash-tile--processing',
        days <= 5 && 'trash-tile--soon',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <button
        type="button"
        className="trash-tile__toggle"
        aria-pressed={selected}
        aria-label={t('list.select', { name })}
        disabled={processing !== undefined}
        onClick={onToggle}
      >
        <span className="trash-tile__media">
          {media}
          <span
            className={`trash-tile__check tile-check${selected ? ' tile-check--checked' : ''}`}
            aria-hidden="true"
          >
            <Check />
          </span>
          {processing && (
            <span className="trash-tile__busy">
              <Spinner label={t(`list.processing.${processing}`)} />
            </span>
          )}
        </span>
      </button>
      {title && <span className="trash-tile__name">{title}</span>}
      <span className="trash-tile__days">{detail ? `${detail} · ${daysText}` : daysText}</span>
    </li>
  );
}

/** A thumbnail that falls back to a placeholder icon when it is absent or fails to load. */
export function TrashThumb({ url, alt, fallback }: { url: string | null; alt: string; fallback: ReactNode }) {
  const [broken, setBroken] = useState(false);
  return url && !broken ? (
    <img
      className="trash-tile__image"
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  ) : alt ? (
    <span className="trash-tile__placeholder" role="img" aria-label={alt}>
      {fallback}
    </span>
  ) : (
    <span className="trash-tile__placeholder">{fallback}</span>
  );
}

export interface TrashTileProps {
  file: TrashFile;
  days: number;
  selected: boolean;
  processing: TrashProcessing | undefined;
  onToggle(): void;
}

/** A trashed file: its thumbnail (video length on movies) and the days left. */
export function TrashTile({ file, ...frame }: TrashTileProps) {
  const { t } = useTranslation('trash');
  const name = fileNameOf(file.path);
  return (
    <TrashTileFrame
      {...frame}
      name={name}
      media={
        <>
          <TrashThumb
            url={file.thumbURLSmall}
            alt={name}
            fallback={
              file.file_type === 'Documents' ? (
                <FileText aria-hidden="true" />
              ) : (
                <ImageOff aria-hidden="true" />
              )
            }
          />
          {file.file_type === 'Movies' && (
            <span className="tile-badge">
              <Play aria-hidden="true" />
              <span className="visually-hidden">{t('list.video')}</span>
              {clock(file.duration)}
            </span>
          )}
        </>
      }
    />
  );
}
