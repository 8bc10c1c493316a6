import type { FileRecord } from '@nordlys/contract/file';
import { ImageOff, RotateCw, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { fetchFileRecord } from '../../api/upload.api';
import { toJpegUrl } from '../../file-actions/file-kind';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { editedFileName, editedFilePath, exportTypeFor } from './editor-messages';
import { EditorView } from './editor-view.component';
import './editor.css';

/** Uploads the edited copy beside its original; the app lends the uploader. */
export type SaveEditedCopy = (request: {
  jobId: string;
  original: FileRecord;
  path: string;
  file: File;
}) => Promise<FileRecord>;

/** Navigation state the opener passes, so leaving goes back to it. */
export interface EditorOpenerState {
  openedFromApp?: boolean;
  /** A second entry of the editor's own, pushed while there are changes, so Back asks first. */
  editorGuard?: boolean;
  /** Where to go when the editor was opened by its address (a reload, a link). */
  returnTo?: string;
}

export interface EditorScreenProps {
  jobId: string;
  fileId: string;
  saveCopy: SaveEditedCopy;
  renderTimelinePicker?: (onPick: (imageUrl: string) => void) => ReactNode;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; file: FileRecord; source: ImageBitmap };

/** The original at full size, as the browser decodes it (HEIC and the like come as JPEG). */
async function loadOriginal(jobId: string, fileId: string, signal: AbortSignal) {
  const file = await fetchFileRecord(jobId, fileId, signal);
  if (!file.previewURL) throw new Error('The picture has no rendering yet');
  const response = await fetch(toJpegUrl(file.previewURL), { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const source = await createImageBitmap(await response.blob(), { imageOrientation: 'from-image' });
  return { file, source };
}

/** /edit/{jobID}/{fileID}: the photo editor over one picture (account.md §2, §4 Editor). */
export function EditorScreen({ jobId, fileId, saveCopy, renderTimelinePicker }: EditorScreenProps) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const location = useLocation();
  const opener = (location.state ?? null) as EditorOpenerState | null;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) loads the picture again
  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ status: 'loading' });
    loadOriginal(jobId, fileId, abort.signal).then(
      (result) => setLoaded({ status: 'ready', ...result }),
      () => {
        if (!abort.signal.aborted) setLoaded({ status: 'failed' });
      },
    );
    return () => abort.abort();
  }, [jobId, fileId, attempt]);

  useEffect(
    () => () => {
      if (loaded.status === 'ready') loaded.source.close();
    },
    [loaded],
  );

  const guarded = opener?.editorGuard === true;
  const leave = () => {
    if (opener?.openedFromApp) void navigate(guarded ? -2 : -1);
    else void navigate(opener?.returnTo ?? `/photos/${encodeURIComponent(fileId)}`, { replace: true });
  };

  // Back cannot be stopped, so while there are changes the editor stands on a second entry of its
  // own: Back lands on the first and asks; keeping the changes puts the guard back.
  const [dirty, setDirty] = useState(false);
  const [backPressed, setBackPressed] = useState(0);
  const guardPushed = useRef(false);
  const latest = useRef({ leave, location, navigate });
  latest.current = { leave, location, navigate };
  const pushGuard = useCallback(() => {
    const { location: here, navigate: go } = latest.current;
    guardPushed.current = true;
    void go(`${here.pathname}${here.search}`, { state: { ...(here.state ?? {}), editorGuard: true } });
  }, []);
  useEffect(() => {
    if (guarded) return;
    if (guardPushed.current) {
      guardPushed.current = false;
      if (dirty) setBackPressed((count) => count + 1);
      else latest.current.leave();
      return;
    }
    if (dirty) pushGuard();
  }, [guarded, dirty, pushGuard]);
  const stay = useCallback(() => {
    if (!latest.current.location.state?.editorGuard) pushGuard();
  }, [pushGuard]);

  if (loaded.status !== 'ready') {
    return (
      <div className="editor editor--status" role="dialog" aria-modal="true" aria-label={t('title')}>
        {loaded.status === 'loading' ? (
          <Spinner size="lg" label={t('loading')} />
        ) : (
          <div className="editor__failure" role="alert">
            <ImageOff aria-hidden="true" />
            <h1>{t('errors.imageLoadFailed')}</h1>
            <p>{t('errors.imageLoadFailedBody')}</p>
            <div className="editor__failure-actions">
              <Button variant="primary" icon={<RotateCw />} onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
              <Button variant="secondary" icon={<X />} onClick={leave}>
                {t('close')}
              </Button>
            </div>
          </div>
        )}
      </div>
    );
  }

  const { file, source } = loaded;
  return (
    <EditorView
      file={file}
      source={source}
      onLeave={leave}
      onDirtyChange={setDirty}
      backPressed={backPressed}
      onStay={stay}
      renderTimelinePicker={renderTimelinePicker}
      onSave={async (renderer, state) => {
        const type = exportTypeFor(file.fileName);
        const blob = await renderer.export(state, type, 0.92);
        const name = editedFileName(file.fileName, (stem) => t('copyName', { name: stem }), type);
        const saved = await saveCopy({
          jobId,
          original: file,
          path: editedFilePath(file.path, name),
          file: new File([blob], name, { type, lastModified: Date.now() }),
        });
        if (saved) leave();
      }}
    />
  );
}
