import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { ImageOff, Play } from 'lucide-react';
import { memo, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useLocalPreview } from '../../ui/local-preview.context';
import { thumbhashDataUrl } from '../../ui/thumbhash';
import { Tooltip } from '../../ui/tooltip';
import { useRetryingImage } from '../../ui/use-retrying-image';
import '../../ui/tile-overlay.css';
import { DATE_TOOLTIP_MS, HOVER_PREVIEW_MS, LONG_PRESS_MS, loadPreviewHead } from './hover-preview';
import type { TileSelection } from './selection.slice';
import { type TileLoading, tileThumbUrl } from './tile-loading';
import { isVideo } from './timeline-filter';
import { firstRowTileLoaded } from './timeline-prefetch';

export interface TileCommand {
  kind: 'open' | 'toggle' | 'range' | 'hover' | 'unhover';
  file: TimelineFile;
}

/** Texts every tile needs, made once per language by the page (a translation hook per tile is costly). */
export interface TileTexts {
  alt: (name: string, date: string) => string;
  /** A video's button label; it carries the duration the badge shows, so what is seen is what is named. */
  video: (name: string, date: string, duration: string) => string;
  failed: string;
  select: (name: string) => string;
  deselect: (name: string) => string;
}

export interface TimelineTileProps {
  file: TimelineFile;
  top: number;
  left: number;
  size: number;
  selection: TileSelection;
  selecting: boolean;
  formatDate: (timestamp: number) => string;
  texts: TileTexts;
  onCommand: (command: TileCommand) => void;
  /** Lazy unless the tile is at the top of the page. */
  loading?: TileLoading;
}

function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const m = Math.floor(total / 60);
  const s = String(total % 60).padStart(2, '0');
  return `${m}:${s}`;
}

function TimelineTileView({
  file,
  top,
  left,
  size,
  selection,
  selecting,
  formatDate,
  texts,
  onCommand,
  loading = 'lazy',
}: TimelineTileProps) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [dateOpen, setDateOpen] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const previewAbort = useRef<AbortController | null>(null);
  const longPressed = useRef(false);
  const video = isVideo(file);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const src = tileThumbUrl(file, size, dpr);
  // A file uploaded from this tab shows the picked picture until the server's thumbnail answers.
  const local = useLocalPreview(file.fileID);
  const image = useRetryingImage(src);
  const loaded = image.status === 'loaded';
  const failed = image.status === 'failed' && local === null;
  const showLocal = local !== null && !loaded;
  const placeholder = thumbhashDataUrl(file.thumbhash);
  const date = formatDate(file.timestamp);
  const alt = texts.alt(file.fileName, date);
  const duration = video ? formatDuration(file.duration) : '';
  const label = video ? texts.video(file.fileName, date, duration) : alt;

  const firstRow = loading !== 'lazy';
  useEffect(() => {
    if (firstRow && loaded) firstRowTileLoaded();
  }, [firstRow, loaded]);

  const clearTimers = () => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  };
  const stopPreview = () => {
    previewAbort.current?.abort();
    previewAbort.current = null;
    setPreviewUrl((url) => {
      if (url) URL.revokeObjectURL(url);
      return null;
    });
  };
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
      previewAbort.current?.abort();
    },
    [],
  );
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    onCommand({ kind: 'hover', file });
    clearTimers();
    if (video && file.previewURL) {
      const url = file.previewURL;
      timers.current.push(
        setTimeout(() => {
          const controller = new AbortController();
          previewAbort.current = controller;
          loadPreviewHead(url, controller.signal)
            .then((blobUrl) => {
              if (controller.signal.aborted) URL.revokeObjectURL(blobUrl);
              else setPreviewUrl(blobUrl);
            })
            .catch(() => undefined);
        }, HOVER_PREVIEW_MS),
      );
    }
    timers.current.push(setTimeout(() => setDateOpen(true), DATE_TOOLTIP_MS));
  };
  const onPointerLeave = () => {
    clearTimers();
    stopPreview();
    setDateOpen(false);
    onCommand({ kind: 'unhover', file });
  };
  const onPointerDown = (event: PointerEvent) => {
    longPressed.current = false;
    if (event.pointerType !== 'touch') return;
    timers.current.push(
      setTimeout(() => {
        longPressed.current = true;
        onCommand({ kind: 'toggle', file });
      }, LONG_PRESS_MS),
    );
  };
  const onPointerUp = () => clearTimers();

  const selected = selection === 'Selected' || selection === 'ToBeSelected';
  const className = [
    'timeline-tile',
    `timeline-tile--${selection}`,
    selected && 'timeline-tile--checked',
    selecting && 'timeline-tile--selecting',
    failed && 'timeline-tile--failed',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer timing only (hover preview, long press); the controls are the buttons inside
    <div
      className={className}
      style={{ transform: `translate(${left}px, ${top}px)`, width: size, height: size }}
      data-file-id={file.fileID}
      data-selection={selection}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onContextMenu={(event) => {
        if (longPressed.current) event.preventDefault();
      }}
    >
      <button
        type="button"
        className="timeline-tile__open"
        aria-label={label}
        onClick={(event) => {
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          if (event.shiftKey && selecting) onCommand({ kind: 'range', file });
          else if (selecting || event.ctrlKey || event.metaKey) onCommand({ kind: 'toggle', file });
          else onCommand({ kind: 'open', file });
        }}
      >
        {placeholder && !loaded && !showLocal ? (
          <img className="timeline-tile__hash" src={placeholder} alt="" />
        ) : null}
        {showLocal ? (
          <img
            className="timeline-tile__img timeline-tile__img--loaded"
            src={local}
            alt=""
            decoding="async"
            draggable={false}
          />
        ) : null}
        {failed || (!src && !local) ? (
          <span className="timeline-tile__error" title={texts.failed}>
            <ImageOff aria-hidden="true" />
            <span className="visually-hidden">{texts.failed}</span>
          </span>
        ) : src && image.status !== 'failed' ? (
          <img
            // A new element per attempt makes the browser request the thumbnail again.
            key={image.attempt}
            className={`timeline-tile__img${loaded ? ' timeline-tile__img--loaded' : ''}`}
            src={src}
            alt={alt}
            loading={loading === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={loading === 'high' ? 'high' : undefined}
            decoding="async"
            draggable={false}
            onLoad={image.onLoad}
            onError={image.onError}
          />
        ) : null}
        {previewUrl ? (
          <video className="timeline-tile__preview" src={previewUrl} muted autoPlay loop playsInline />
        ) : null}
        {video ? (
          <span className="tile-badge">
            <Play aria-hidden="true" />
            {duration}
          </span>
        ) : null}
      </button>
      {/* Mounted only while shown: a tooltip per tile would cost every tile a Radix tree. */}
      {dateOpen ? (
        <Tooltip content={date} open side="bottom">
          <span className="timeline-tile__tooltip-anchor" />
        </Tooltip>
      ) : null}
      <button
        type="button"
        className={`timeline-tile__check tile-check${selected ? ' tile-check--checked' : ''}`}
        aria-pressed={selected}
        aria-label={selected ? texts.deselect(file.fileName) : texts.select(file.fileName)}
        onClick={(event) => onCommand({ kind: event.shiftKey ? 'range' : 'toggle', file })}
      >
        <span className="timeline-tile__mark" aria-hidden="true" />
      </button>
    </div>
  );
}

export const TimelineTile = memo(TimelineTileView);
