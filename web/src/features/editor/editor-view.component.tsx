import type { FileRecord } from '@nordlys/contract/file';
import { AlertTriangle, Redo2, Undo2, X } from 'lucide-react';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { ScrollRow } from '../../ui/scroll-row';
import { Spinner } from '../../ui/spinner';
import { canRedo, canUndo, createHistory, hasChanges, historyReducer } from './edit-history';
import type { TabProps } from './editor-controls';
import type { EditorError, EditorWarning } from './editor-messages';
import { openingWarnings } from './editor-messages';
import { EditorStage, type StageMode } from './editor-stage.component';
import { EDITOR_TABS, type EditorTab, TAB_ICONS } from './editor-tabs';
import { createEditorRenderer } from './engine/create-renderer';
import type { EditState } from './engine/edit-state';
import type { EditorEngineError } from './engine/errors';
import { findCropRatio } from './engine/geometry/crop-presets';
import { frameSize } from './engine/geometry/transform-geometry';
import type { EditorRenderer } from './engine/renderer';
import { AdjustmentsTab } from './tabs/adjustments-tab';
import { type BrushSettings, BrushTab, DEFAULT_BRUSH } from './tabs/brush-tab';
import { FiltersTab } from './tabs/filters-tab';
import { FocusTab } from './tabs/focus-tab';
import { FramesTab } from './tabs/frames-tab';
import { LibraryTab } from './tabs/library-tab';
import { OverlaysTab } from './tabs/overlays-tab';
import { StickersTab } from './tabs/stickers-tab';
import { TextTab } from './tabs/text-tab';
import { type CropChoice, FREE_CROP, TransformTab } from './tabs/transform-tab';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

const STAGE_MODES: Partial<Record<EditorTab, StageMode>> = {
  transform: 'crop',
  focus: 'focus',
  stickers: 'layers',
  text: 'layers',
  textDesign: 'layers',
  brush: 'brush',
};

export interface EditorViewProps {
  file: FileRecord;
  source: ImageBitmap;
  /** Leaves the editor (changes, if any, were confirmed discarded). */
  onLeave(): void;
  /** Whether there is anything to lose, for the screen's guard against Back. */
  onDirtyChange?(dirty: boolean): void;
  /** Counts the times Back was pressed with changes: each asks to discard or keep them. */
  backPressed?: number;
  /** The user chose to keep editing. */
  onStay?(): void;
  /** Uploads the rendered copy; rejects with a message key's reason when it fails. */
  onSave(renderer: EditorRenderer, state: EditState): Promise<void>;
  renderTimelinePicker?: (onPick: (imageUrl: string) => void) => ReactNode;
  /** For tests and browsers where the GPU path misbehaves. */
  preferCpu?: boolean;
}

/** The full-window photo editor over one picture. */
export function EditorView({
  file,
  source,
  onLeave,
  onDirtyChange,
  backPressed = 0,
  onStay,
  onSave,
  renderTimelinePicker,
  preferCpu: startOnCpu,
}: EditorViewProps) {
  const { t } = useTranslation('editor');
  const titleId = useId();
  const tabsId = useId();
  const root = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [history, dispatch] = useReducer(historyReducer, undefined, () => createHistory());
  const [tab, setTab] = useState<EditorTab>('adjustments');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [cropChoice, setCropChoice] = useState<CropChoice>(FREE_CROP);
  const [brush, setBrush] = useState<BrushSettings>(DEFAULT_BRUSH);
  const [renderer, setRenderer] = useState<EditorRenderer | null>(null);
  const [warnings, setWarnings] = useState<EditorWarning[]>([]);
  const [error, setError] = useState<EditorError | null>(null);
  const [saving, setSaving] = useState(false);
  const [preferCpu, setPreferCpu] = useState(startOnCpu === true);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const state = history.present;
  const dirty = hasChanges(history);

  // The renderer lives as long as the canvas and the picture.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let disposed = false;
    let opened: EditorRenderer | null = null;
    createEditorRenderer(element, source, { preferCpu, onError: (failure) => setError(errorOf(failure)) })
      .then((result) => {
        if (disposed) {
          result.renderer.dispose();
          return;
        }
        opened = result.renderer;
        setRenderer(result.renderer);
        setWarnings(openingWarnings({ warning: result.warning, resized: result.renderer.resized }));
      })
      .catch(() => {
        if (!disposed) setError('renderError');
      });
    return () => {
      disposed = true;
      opened?.dispose();
    };
  }, [source, preferCpu]);

  const change: TabProps['change'] = useCallback(
    (next, group) =>
      dispatch(
        typeof next === 'function' ? { type: 'apply', update: next, group } : { type: 'commit', next, group },
      ),
    [],
  );
  const endGesture = useCallback(() => dispatch({ type: 'endGroup' }), []);
  const onRenderError = useCallback(() => setError('renderError'), []);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (backPressed > 0) setConfirmLeave(true);
  }, [backPressed]);
  const stay = () => {
    setConfirmLeave(false);
    onStay?.();
  };

  const leave = () => {
    if (dirty) setConfirmLeave(true);
    else onLeave();
  };

  // The page behind is left or reloaded: the browser asks before the changes go.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = async () => {
    if (!renderer || saving) return;
    setSaving(true);
    setSaveFailed(null);
    try {
      await onSave(renderer, state);
    } catch (reason) {
      setSaveFailed(reason instanceof Error && reason.message === 'noStorage' ? 'noStorage' : 'failed');
      setSaving(false);
    }
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (confirmLeave) return;
    if (event.key === 'Tab' && root.current) {
      trapTab(event, root.current);
      return;
    }
    const target = event.target as HTMLElement;
    const typing = target.closest('input[type="text"], input[type="number"], textarea, select') !== null;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !typing && (event.key === 'z' || event.key === 'Z')) {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
    } else if (mod && !typing && event.key === 'y') {
      event.preventDefault();
      dispatch({ type: 'redo' });
    } else if (event.key === 'Escape' && !typing) {
      event.preventDefault();
      leave();
    }
  };

  // Focus moves into the editor when it opens; the page behind does not scroll.
  useEffect(() => {
    root.current?.focus();
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = overflow;
    };
  }, []);

  const mode: StageMode = STAGE_MODES[tab] ?? 'view';
  const base = frameSize(source, state.transform.rotation);
  const cropping = mode === 'crop';
  const preview = useMemo<EditState>(
    () =>
      cropping
        ? {
            ...state,
            layers: [],
            frame: null,
            transform: {
              ...state.transform,
              crop: { left: 0, top: 0, width: 1, height: 1 },
              resolution: null,
            },
          }
        : state,
    [cropping, state],
  );
  const { crop } = state.transform;
  const aspect = cropping
    ? base.width / base.height
    : (crop.width * base.width) / (crop.height * base.height);

  const tabProps: TabProps = { state, change, endGesture };
  const select = (id: string | null) => setSelectedId(id);
  const panel: Record<EditorTab, () => ReactNode> = {
    library: () => (
      <LibraryTab
        renderTimelinePicker={renderTimelinePicker}
        onWebcamUnavailable={() => setError('webcamUnavailable')}
        onPick={(src) => {
          change({
            ...state,
            overlay: { src, blend: state.overlay?.blend ?? 'normal', opacity: state.overlay?.opacity ?? 0.6 },
          });
          setTab('overlays');
        }}
      />
    ),
    filters: () => <FiltersTab {...tabProps} source={source} />,
    adjustments: () => <AdjustmentsTab {...tabProps} />,
    focus: () => <FocusTab {...tabProps} />,
    overlays: () => <OverlaysTab {...tabProps} onOpenLibrary={() => setTab('library')} />,
    stickers: () => <StickersTab {...tabProps} selectedId={selectedId} onSelect={select} />,
    text: () => <TextTab {...tabProps} selectedId={selectedId} onSelect={select} />,
    textDesign: () => <TextTab {...tabProps} designs selectedId={selectedId} onSelect={select} />,
    frames: () => <FramesTab {...tabProps} />,
    brush: () => <BrushTab {...tabProps} brush={brush} onBrushChange={setBrush} />,
    transform: () => (
      <TransformTab {...tabProps} source={source} choice={cropChoice} onChoice={setCropChoice} />
    ),
  };

  const moveTab = (event: ReactKeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const edge = { Home: 0, End: EDITOR_TABS.length - 1 }[event.key];
    if (step === undefined && edge === undefined) return;
    event.preventDefault();
    const next = edge ?? (index + (step ?? 0) + EDITOR_TABS.length) % EDITOR_TABS.length;
    const nextTab = EDITOR_TABS[next]!;
    setTab(nextTab);
    document.getElementById(`${tabsId}-${nextTab}`)?.focus();
  };

  return (
    <div
      ref={root}
      className="editor"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className="editor__bar">
        <Button variant="ghost" className="editor__cancel" icon={<X />} onClick={leave}>
          {t('cancel')}
        </Button>
        <div className="editor__title">
          <h1 id={titleId}>{t('title')}</h1>
          <p>{file.fileName}</p>
        </div>
        <div className="editor__history">
          <IconButton
            label={t('undo')}
            icon={<Undo2 />}
            disabled={!canUndo(history)}
            onClick={() => dispatch({ type: 'undo' })}
          />
          <IconButton
            label={t('redo')}
            icon={<Redo2 />}
            disabled={!canRedo(history)}
            onClick={() => dispatch({ type: 'redo' })}
          />
        </div>
        <Button
          variant="primary"
          className="editor__save"
          pending={saving}
          disabled={!renderer || !dirty}
          onClick={() => void save()}
        >
          {saving ? t('saving') : t('save')}
        </Button>
      </header>
      {warnings.length > 0 || error || saveFailed ? (
        <div className="editor__messages">
          {warnings.map((warning) => (
            <p key={warning} className="editor__message editor__message--warning" role="status">
              <AlertTriangle aria-hidden="true" />
              <span>{t(`warnings.${warning}`)}</span>
              {warning === 'slowRenderer' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setRenderer(null);
                    setPreferCpu(true);
                  }}
                >
                  {t('useSimplerPreview')}
                </Button>
              ) : null}
              <button
                type="button"
                className="editor__message-close"
                aria-label={t('dismiss')}
                onClick={() => setWarnings((current) => current.filter((item) => item !== warning))}
              >
                <X aria-hidden="true" />
              </button>
            </p>
          ))}
          {error ? (
            <p className="editor__message editor__message--error" role="alert">
              <AlertTriangle aria-hidden="true" />
              <span>{t(`errors.${error}`)}</span>
              <button
                type="button"
                className="editor__message-close"
                aria-label={t('dismiss')}
                onClick={() => setError(null)}
              >
                <X aria-hidden="true" />
              </button>
            </p>
          ) : null}
          {saveFailed ? (
            <p className="editor__message editor__message--error" role="alert">
              <AlertTriangle aria-hidden="true" />
              <span>{t(saveFailed === 'noStorage' ? 'errors.saveNoStorage' : 'errors.saveFailed')}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="editor__body">
        <div className="editor__preview">
          <EditorStage
            {...tabProps}
            canvas={canvas}
            renderer={renderer}
            preview={preview}
            aspect={aspect}
            mode={mode}
            base={base}
            source={source}
            cropAspect={findCropRatio(cropChoice.group, cropChoice.id)?.ratio ?? null}
            selectedId={selectedId}
            onSelect={setSelectedId}
            brush={brush}
            label={t('previewLabel', { name: file.fileName })}
            onRenderError={onRenderError}
          />
          {renderer ? null : <Spinner className="editor__spinner" size="lg" label={t('preparing')} />}
        </div>
        <div
          className="editor__panel"
          role="tabpanel"
          id={`${tabsId}-${tab}-panel`}
          aria-labelledby={`${tabsId}-${tab}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is reachable, as the tabs pattern asks
          tabIndex={0}
        >
          <h2 className="editor__panel-title">{t(`tabs.${tab}`)}</h2>
          {panel[tab]()}
        </div>
      </div>
      <ScrollRow
        className="editor__tabs"
        frameClassName="editor__tabs-frame"
        role="tablist"
        aria-label={t('tabsLabel')}
      >
        {EDITOR_TABS.map((id, index) => {
          const Icon = TAB_ICONS[id];
          const active = id === tab;
          return (
            <button
              key={id}
              id={`${tabsId}-${id}`}
              type="button"
              role="tab"
              className="editor__tab"
              aria-selected={active}
              aria-controls={active ? `${tabsId}-${id}-panel` : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => setTab(id)}
              onKeyDown={(event) => moveTab(event, index)}
            >
              <Icon aria-hidden="true" />
              <span>{t(`tabs.${id}`)}</span>
            </button>
          );
        })}
      </ScrollRow>
      <Modal
        open={confirmLeave}
        onOpenChange={(open) => {
          if (!open) stay();
        }}
        role="alertdialog"
        title={t('unsaved.title')}
        description={t('unsaved.body')}
        footer={
          <>
            <Button variant="secondary" onClick={stay}>
              {t('unsaved.keep')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmLeave(false);
                onLeave();
              }}
            >
              {t('unsaved.discard')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function trapTab(event: ReactKeyboardEvent, container: HTMLElement) {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

const ENGINE_ERRORS: Record<EditorEngineError['code'], EditorError> = {
  render: 'renderError',
  stickerLoad: 'stickerLoadFailed',
  fontLoad: 'fontLoadFailed',
  // An overlay image that would not load: the photo itself is open, so the editor stays.
  imageLoad: 'unexpected',
};

const errorOf = (failure: EditorEngineError): EditorError => ENGINE_ERRORS[failure.code] ?? 'unexpected';
