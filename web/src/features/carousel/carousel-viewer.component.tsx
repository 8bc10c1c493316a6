import type { FileRecord } from '@nordlys/contract/file';
import { localeTag } from '@nordlys/contract/language-rule';
import {
  ChevronLeft,
  ChevronRight,
  ImageOff,
  Info,
  Maximize,
  MessageCircle,
  Minimize,
  Pause,
  Play,
  Trash2,
  X,
} from 'lucide-react';
import {
  type Dispatch,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isMovieFile, toJpegUrl } from '../../file-actions/file-kind';
import { IconButton } from '../../ui/button';
import { useLocalPreview } from '../../ui/local-preview.context';
import { Spinner } from '../../ui/spinner';
import { useRetryingImage } from '../../ui/use-retrying-image';
import {
  carouselActions as actions,
  type CarouselAction,
  type CarouselState,
  currentFile,
  hasNext,
  hasPrevious,
} from './carousel.slice';
import { keyCommand, swipeDirection } from './carousel-input';
import { MetadataPanel } from './metadata-panel.component';
import { VideoPlayer } from './video-player.component';
import './carousel.css';

export interface CarouselViewerProps {
  state: CarouselState;
  dispatch: Dispatch<CarouselAction>;
  onClose(): void;
  /** Present when the viewed file may be deleted here; runs the shared delete action. */
  onDelete?: (file: FileRecord) => void;
  /** The file context menu for the viewed file (composed by the app). */
  renderMenu?: (file: FileRecord) => ReactNode;
  /** The photo editor's button for the viewed file (composed by the app); renders nothing where it does not apply. */
  renderEdit?: (file: FileRecord) => ReactNode;
  /** The cast button for the viewed list from the shown file (composed by the app). */
  renderCast?: (files: readonly FileRecord[], index: number) => ReactNode;
  /** The file's comments side panel (an album's files); absent where files have no comments. */
  renderComments?: (file: FileRecord, onClose: () => void) => ReactNode;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), video[controls], [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the viewer (it is modal) and gives focus back to the opener when it closes. */
function useFocusTrap(container: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const opener = document.activeElement;
    container.current?.focus();
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = overflow;
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus();
    };
  }, [container]);

  return (event: ReactKeyboardEvent) => {
    if (event.key !== 'Tab' || !container.current) return;
    const items = [...container.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === container.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

function useFullscreen(container: React.RefObject<HTMLElement | null>, dispatch: Dispatch<CarouselAction>) {
  useEffect(() => {
    const sync = () => dispatch(actions.fullscreenChanged(document.fullscreenElement !== null));
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [dispatch]);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = () => {
    if (!supported) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void container.current?.requestFullscreen().catch(() => undefined);
  };
  return { supported, toggle };
}

/**
 * The picture: its 1280 px rendering. While the server is still making it the load is tried again
 * (see ui/image-retry), over the picked file when it was uploaded from this tab, else over a
 * spinner; only a rendering that never comes shows the placeholder and message.
 */
function Picture({ file, alt }: { file: FileRecord; alt: string }) {
  const { t } = useTranslation('carousel');
  const src = file.thumbURLLarge ?? (file.previewURL ? toJpegUrl(file.previewURL) : null);
  const local = useLocalPreview(file.fileID);
  const image = useRetryingImage(src);
  if ((!src || image.status === 'failed') && !local) {
    return (
      <div className="carousel__broken" role="img" aria-label={alt}>
        <ImageOff aria-hidden="true" />
        <p>{t('pictureFailed')}</p>
      </div>
    );
  }
  const loaded = image.status === 'loaded';
  return (
    <>
      {local && !loaded ? <img className="carousel__media" src={local} alt={alt} draggable={false} /> : null}
      {!local && !loaded ? <Spinner className="carousel__spinner" size="lg" label={null} /> : null}
      {src && image.status !== 'failed' ? (
        <img
          // A new element per attempt makes the browser ask again.
          key={image.attempt}
          className={`carousel__media${loaded ? '' : ' carousel__media--pending'}`}
          src={src}
          alt={local && !loaded ? '' : alt}
          draggable={false}
          onLoad={image.onLoad}
          onError={image.onError}
        />
      ) : null}
    </>
  );
}

/** The full-window viewer: one file at a time, with its neighbours a key, click or swipe away. */
export function CarouselViewer({
  state,
  dispatch,
  onClose,
  onDelete,
  renderMenu,
  renderEdit,
  renderCast,
  renderComments,
}: CarouselViewerProps) {
  const { t, i18n } = useTranslation('carousel');
  const container = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const trapTab = useFocusTrap(container);
  const fullscreen = useFullscreen(container, dispatch);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const file = currentFile(state);

  const togglePlayback = () => {
    const element = video.current?.querySelector('video');
    if (element) {
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
      return;
    }
    dispatch(state.autoNavigate ? actions.slideshowStopped() : actions.slideshowStarted(undefined));
  };

  // Keys anywhere in the viewer, or on the page behind it; not while a menu or dialog above it has focus.
  const latest = useRef({ onClose, togglePlayback, fullscreen });
  latest.current = { onClose, togglePlayback, fullscreen };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target as Node | null;
      const inside = target === document.body || (target !== null && container.current?.contains(target));
      if (!inside) return;
      const element = target as HTMLElement;
      if (element.closest?.('input, textarea, select, [contenteditable="true"], .ui-side-panel')) {
        if (event.key !== 'Escape') return;
      }
      const command = keyCommand(event);
      if (!command) return;
      // Space on a focused button or the native player belongs to them.
      if (event.key === ' ' && element.closest?.('button, video, a')) return;
      event.preventDefault();
      if (command.kind === 'dispatch') dispatch(command.action);
      else if (command.kind === 'close') latest.current.onClose();
      else if (command.kind === 'toggleFullscreen') latest.current.fullscreen.toggle();
      else latest.current.togglePlayback();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
    if (direction) dispatch(actions.navigated(direction));
  };

  const locale = localeTag(i18n.language);
  const takenAt = new Date((file?.timestamp ?? 0) * 1000);
  const dateIn = (options: Intl.DateTimeFormatOptions) =>
    file ? new Intl.DateTimeFormat(locale, options).format(takenAt) : '';
  const date = dateIn({ dateStyle: 'long', timeStyle: 'short' });
  const label = file ? t(isMovieFile(file) ? 'videoAlt' : 'pictureAlt', { name: file.fileName, date }) : '';

  let stage: ReactNode;
  if (state.status === 'loading' || state.status === 'closed') {
    stage = <Spinner className="carousel__spinner" size="lg" label={t('loading')} />;
  } else if (state.status === 'notFound' || state.status === 'failed') {
    stage = (
      <div className="carousel__message" role="alert">
        <ImageOff aria-hidden="true" />
        <p>{t(state.status === 'notFound' ? 'notFound' : 'loadFailed')}</p>
      </div>
    );
  } else if (file) {
    stage = isMovieFile(file) ? (
      <div ref={video} className="carousel__video-frame">
        <VideoPlayer
          key={file.fileID}
          file={file}
          autoPlay={state.autoNavigate}
          label={label}
          onPlay={() => dispatch(actions.videoPlayed())}
          onPause={() => dispatch(actions.videoPaused())}
          onEnded={() => dispatch(actions.videoEnded())}
        />
      </div>
    ) : (
      <Picture key={file.fileID} file={file} alt={label} />
    );
  }

  const open = state.status === 'open';
  return (
    <div
      ref={container}
      className={['carousel', state.fullscreen && 'carousel--fullscreen'].filter(Boolean).join(' ')}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={trapTab}
    >
      <div className="carousel__main">
        <header className="carousel__bar">
          <IconButton className="carousel__button" label={t('close')} icon={<X />} onClick={onClose} />
          <div className="carousel__title">
            <h2 id={titleId} className="carousel__name">
              {file?.fileName ?? t('title')}
            </h2>
            {file ? (
              <p className="carousel__date">
                <span className="carousel__date-full">{date}</span>
                {/* Phones: the day and the time on two lines, instead of a name and a cut date. */}
                <span className="carousel__date-day">{dateIn({ dateStyle: 'medium' })}</span>
                <span className="carousel__date-time">{dateIn({ timeStyle: 'short' })}</span>
              </p>
            ) : null}
          </div>
          {open && file ? (
            <div className="carousel__actions">
              <IconButton
                className="carousel__button"
                label={t('info.toggle')}
                aria-pressed={state.sideModule === 'info'}
                icon={<Info />}
                onClick={() => dispatch(actions.sideModuleToggled('info'))}
              />
              {renderComments ? (
                <IconButton
                  className="carousel__button"
                  label={t('comments.toggle')}
                  aria-pressed={state.sideModule === 'comments'}
                  icon={<MessageCircle />}
                  onClick={() => dispatch(actions.sideModuleToggled('comments'))}
                />
              ) : null}
              <IconButton
                className="carousel__button"
                label={t(state.autoNavigate ? 'slideshow.pause' : 'slideshow.play')}
                aria-pressed={state.autoNavigate}
                icon={state.autoNavigate ? <Pause /> : <Play />}
                onClick={() =>
                  dispatch(
                    state.autoNavigate ? actions.slideshowStopped() : actions.slideshowStarted(undefined),
                  )
                }
              />
              {fullscreen.supported ? (
                <IconButton
                  className="carousel__button"
                  label={t(state.fullscreen ? 'fullscreen.exit' : 'fullscreen.enter')}
                  icon={state.fullscreen ? <Minimize /> : <Maximize />}
                  onClick={fullscreen.toggle}
                />
              ) : null}
              {renderEdit?.(file)}
              {onDelete ? (
                <IconButton
                  className="carousel__button"
                  label={t('delete')}
                  icon={<Trash2 />}
                  onClick={() => onDelete(file)}
                />
              ) : null}
              {renderCast?.(state.files, state.index)}
              {renderMenu?.(file)}
            </div>
          ) : null}
        </header>
        <div className="carousel__stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          {stage}
          {open && hasPrevious(state) ? (
            <IconButton
              className="carousel__button carousel__nav carousel__nav--previous"
              label={t('previous')}
              icon={<ChevronLeft />}
              onClick={() => dispatch(actions.navigated('previous'))}
            />
          ) : null}
          {open && hasNext(state) ? (
            <IconButton
              className="carousel__button carousel__nav carousel__nav--next"
              label={t('next')}
              icon={<ChevronRight />}
              onClick={() => dispatch(actions.navigated('next'))}
            />
          ) : null}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {open && file ? label : ''}
        </p>
      </div>
      {open && file && state.sideModule === 'info' ? (
        <MetadataPanel file={file} onClose={() => dispatch(actions.sideModuleClosed())} />
      ) : null}
      {open && file && state.sideModule === 'comments' && renderComments
        ? renderComments(file, () => dispatch(actions.sideModuleClosed()))
        : null}
    </div>
  );
}
