import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, Check, ChevronDown, ChevronUp, Image, Loader, Pause, Play, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, IconButton } from '../../ui/button';
import { useLocalPreview } from '../../ui/local-preview.context';
import { Modal } from '../../ui/modal';
import { useRetryingImage } from '../../ui/use-retrying-image';
import {
  type CollageThumb,
  collageThumbs,
  type PanelSummary,
  panelSummary,
  type RowText,
  rowText,
  VIEW_UPLOADED_FILES_PATH,
} from './upload-panel.texts';
import {
  uploadQueueActions as actions,
  isUnfinished,
  selectUploadItems,
  type UploadItem,
  type UploadQueueState,
} from './upload-queue.slice';
import './upload-panel.css';

/** core.md §4: rows are 48 high (--size-upload-row) and 25 are shown before the list scrolls. */
export const ROW_HEIGHT = 48;
export const VISIBLE_ROWS = 25;

type Dispatch = (action: { type: string; payload?: unknown }) => unknown;

export interface UploadPanelProps {
  queue: UploadQueueState;
  dispatch: Dispatch;
  safari: boolean;
}

function summaryText(t: (key: string, values?: Record<string, unknown>) => string, summary: PanelSummary) {
  switch (summary.kind) {
    case 'outOfStorage':
      return t('summary.outOfStorage');
    case 'offline':
      return t('summary.offline');
    case 'uploading':
      return t('summary.uploading', { done: summary.done, total: summary.total });
    case 'finishedWithFailures':
      return t('summary.finishedWithFailures', { count: summary.failed });
    default:
      return t('summary.allUploaded', { count: summary.done });
  }
}

function StatusIcon({ tone }: { tone: RowText['tone'] }) {
  if (tone === 'success')
    return <Check className="upload-row__icon upload-row__icon--success" aria-hidden="true" />;
  if (tone === 'error')
    return <AlertCircle className="upload-row__icon upload-row__icon--error" aria-hidden="true" />;
  return <Loader className="upload-row__icon" aria-hidden="true" />;
}

function UploadRow({ item, text }: { item: UploadItem; text: RowText }) {
  const { t } = useTranslation('upload');
  return (
    <div className="upload-row" data-status={item.status} data-file-id={item.fileUUID ?? undefined}>
      <StatusIcon tone={text.tone} />
      <div className="upload-row__body">
        <span className="upload-row__name" title={item.path}>
          {item.name}
        </span>
        <span className={`upload-row__text upload-row__text--${text.tone}`}>{t(text.key, text.values)}</span>
        {item.status === 'Uploading' && item.phase === 'sending' && (
          <span className="upload-row__bar" aria-hidden="true">
            <span className="upload-row__fill" style={{ width: `${item.uploadedPercent}%` }} />
          </span>
        )}
      </div>
    </div>
  );
}

/** One collage picture: the picked file (or the panel's surface) until the server's thumbnail loads. */
function CollagePicture({ thumb, alt }: { thumb: CollageThumb; alt: string }) {
  const local = useLocalPreview(thumb.fileId ?? '');
  const image = useRetryingImage(thumb.url);
  const loaded = image.status === 'loaded';
  return (
    <span className="upload-panel__picture" data-image-status={image.status}>
      {local && !loaded ? <img className="upload-panel__local" src={local} alt={alt} /> : null}
      {image.status === 'failed' ? null : (
        <img
          // A new element per attempt makes the browser ask again.
          key={image.attempt}
          className={loaded ? undefined : 'upload-panel__pending'}
          src={thumb.url}
          alt={local && !loaded ? '' : alt}
          onLoad={image.onLoad}
          onError={image.onError}
        />
      )}
    </span>
  );
}

function Collage({ thumbs }: { thumbs: CollageThumb[] }) {
  const { t } = useTranslation('upload');
  if (thumbs.length === 0) {
    return (
      <span className="upload-panel__collage upload-panel__collage--empty">
        <Image aria-hidden="true" />
      </span>
    );
  }
  return (
    <span className={`upload-panel__collage upload-panel__collage--${thumbs.length}`}>
      {thumbs.map((thumb, index) => (
        <CollagePicture key={thumb.url} thumb={thumb} alt={t('panel.thumbAlt', { index: index + 1 })} />
      ))}
    </span>
  );
}

function RowList({
  items,
  queue,
  safari,
}: {
  items: UploadItem[];
  queue: UploadQueueState;
  safari: boolean;
}) {
  const { t } = useTranslation('upload');
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
    // Measured sizes are unknown before layout (and in tests): assume a full first screen.
    initialRect: { width: 0, height: ROW_HEIGHT * VISIBLE_ROWS },
  });
  return (
    <div
      ref={scroller}
      className="upload-panel__list"
      style={{
        height: `min(${Math.min(items.length, VISIBLE_ROWS) * ROW_HEIGHT}px, var(--upload-list-max))`,
      }}
    >
      <ul
        className="upload-panel__spacer"
        aria-label={t('panel.list')}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <li
              key={item.id}
              className="upload-panel__row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <UploadRow item={item} text={rowText(item, queue, { safari })} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The always-present upload status panel (core.md §4 "Upload panel"). */
export function UploadPanel({ queue, dispatch, safari }: UploadPanelProps) {
  const { t } = useTranslation('upload');
  const navigate = useNavigate();
  const items = selectUploadItems(queue);
  if (!queue.panelOpen || items.length === 0) return null;
  const summary = panelSummary(queue);
  const counted = items.filter((item) => item.status !== 'Cancelled');
  const overall = counted.length
    ? Math.floor(
        counted.reduce((sum, item) => sum + (isUnfinished(item.status) ? item.uploadedPercent : 100), 0) /
          counted.length,
      )
    : 0;
  const expanded = queue.panelExpanded;

  return (
    <section
      className={`upload-panel${expanded ? ' upload-panel--expanded' : ''}`}
      aria-label={t('panel.region')}
      data-summary={summary.kind}
    >
      <div className="upload-panel__head">
        <Collage thumbs={collageThumbs(items)} />
        <div className="upload-panel__titles">
          <h2 className="upload-panel__summary" aria-live="polite">
            {summaryText(t, summary)}
          </h2>
          {summary.kind === 'offline' && queue.connection === 'Offline' && (
            <p className="upload-panel__sub">{t('panel.retryIn', { seconds: queue.retryInSeconds })}</p>
          )}
          {summary.kind === 'outOfStorage' && (
            <p className="upload-panel__sub">{t('panel.outOfStorageHint')}</p>
          )}
          {summary.kind === 'uploading' && queue.paused && (
            <p className="upload-panel__sub">{t('panel.paused')}</p>
          )}
          {summary.active && (
            // The heading announces the progress; the bar only shows it.
            <span className="upload-panel__bar" aria-hidden="true">
              <span className="upload-panel__fill" style={{ width: `${overall}%` }} />
            </span>
          )}
        </div>
        <IconButton
          size="sm"
          label={expanded ? t('panel.collapse') : t('panel.expand')}
          aria-expanded={expanded}
          icon={expanded ? <ChevronDown /> : <ChevronUp />}
          onClick={() => dispatch(actions.panelExpandedToggled())}
        />
        <IconButton
          size="sm"
          label={t('panel.close')}
          icon={<X />}
          onClick={() => dispatch(actions.panelClosed())}
        />
      </div>

      {expanded && <RowList items={items} queue={queue} safari={safari} />}

      <div className="upload-panel__actions">
        {summary.kind === 'offline' && (
          <Button size="sm" onClick={() => dispatch(actions.retryRequested())}>
            {t('panel.tryAgain')}
          </Button>
        )}
        {summary.active && (
          <>
            {queue.paused ? (
              <Button size="sm" icon={<Play />} onClick={() => dispatch(actions.resumed())}>
                {t('panel.resume')}
              </Button>
            ) : (
              <Button size="sm" icon={<Pause />} onClick={() => dispatch(actions.paused())}>
                {t('panel.pause')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => dispatch(actions.stopRequested())}>
              {t('panel.stop')}
            </Button>
          </>
        )}
        {!summary.active && summary.done > 0 && (
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              dispatch(actions.panelClosed());
              void navigate(VIEW_UPLOADED_FILES_PATH);
            }}
          >
            {t('panel.viewFiles')}
          </Button>
        )}
      </div>

      <Modal
        open={queue.stopping}
        onOpenChange={(open) => {
          if (!open) dispatch(actions.stopAborted());
        }}
        role="alertdialog"
        title={t('stop.title')}
        description={t('stop.message')}
        footer={
          <>
            <Button onClick={() => dispatch(actions.stopAborted())}>{t('stop.cancel')}</Button>
            <Button variant="danger" onClick={() => dispatch(actions.stopConfirmed())}>
              {t('stop.confirm')}
            </Button>
          </>
        }
      />
    </section>
  );
}
