import type { FileRecord } from '@nordlys/contract/file';
import { localeTag } from '@nordlys/contract/language-rule';
import { ChevronLeft, Download, FileText, RefreshCw, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_JOB, fetchAllDocuments } from '../../api/files.api';
import { onFileActionEvent } from '../../file-actions/file-action.events';
import { getFileAction, runFileAction } from '../../file-actions/file-action.registry';
import type { FileActionContext, FileActionId } from '../../file-actions/file-action.types';
import { useAppDispatch } from '../../state/hooks';
import { Button, IconButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';
import {
  documentsActions as actions,
  documentsReducer,
  initialDocumentsState,
  isSelecting,
  selectedFiles,
} from './documents.slice';
import { fileTypeLabel, groupByUploadMonth } from './documents-table';
import './documents.css';

export interface DocumentsPageProps {
  /** The signed-in user, for the file actions' rules; null while unknown. */
  account: FileActionContext['account'];
  jobId?: string;
  clock?: () => number;
}

/** /documents: the user's documents by upload month, with selection, download and delete. */
export function DocumentsPage({ account, jobId = DEFAULT_JOB, clock = Date.now }: DocumentsPageProps) {
  const { t, i18n } = useTranslation('documents');
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(documentsReducer, undefined, initialDocumentsState);
  const loadController = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    loadController.current?.abort();
    const controller = new AbortController();
    loadController.current = controller;
    dispatch(actions.loadStarted());
    fetchAllDocuments(jobId, clock(), controller.signal).then(
      (files) => dispatch(actions.loaded(files)),
      () => {
        if (!controller.signal.aborted) dispatch(actions.loadFailed());
      },
    );
  }, [jobId, clock]);

  useEffect(() => {
    load();
    return () => loadController.current?.abort();
  }, [load]);

  // Deleted here or elsewhere: gone at once; restored by Undo: read the list again.
  useEffect(
    () =>
      onFileActionEvent((event) => {
        if (event.kind === 'removed' || event.kind === 'permanentlyDeleted') {
          dispatch(actions.removed(event.fileIds));
        } else if (event.kind === 'restored') load();
      }),
    [load],
  );

  const locale = localeTag(i18n.language);
  const uploadedFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const selection = selectedFiles(state);

  const run = async (id: FileActionId) => {
    const action = getFileAction(id);
    if (!action || selection.length === 0) return;
    const context: FileActionContext = {
      surface: 'documents',
      jobId: selection[0]!.jobID,
      files: selection,
      account,
      isJobOwner: true,
      dispatch: appDispatch,
    };
    const result = await runFileAction(action, context);
    if (result.outcome === 'cancelled') return;
    if (id === 'DELETE') dispatch(actions.removed(result.fileIds));
    if (result.clearSelection) dispatch(actions.selectionCleared());
  };

  const allSelected = state.files.length > 0 && state.selected.length === state.files.length;
  const someSelected = state.selected.length > 0 && !allSelected;

  let body: React.ReactNode;
  if (state.status === 'failed') {
    body = (
      <EmptyState
        icon={<RefreshCw />}
        message={t('loadFailed')}
        action={{ label: t('retry'), onClick: load }}
      />
    );
  } else if (state.status === 'loading' && state.files.length === 0) {
    body = (
      <SkeletonGroup className="documents__loading">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="documents__skeleton" />
        ))}
      </SkeletonGroup>
    );
  } else if (state.files.length === 0) {
    body = (
      <EmptyState
        icon={<FileText />}
        message={t('empty')}
        action={{
          label: t('backToSettings'),
          icon: <ChevronLeft />,
          onClick: () => void navigate('/settings'),
        }}
      />
    );
  } else {
    body = (
      <table className="documents__table">
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="documents__check">
              <input
                type="checkbox"
                aria-label={t('selectAll')}
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={() => dispatch(actions.allToggled())}
              />
            </th>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col">{t('columns.type')}</th>
            <th scope="col" className="documents__desktop">
              {t('columns.uploaded')}
            </th>
          </tr>
        </thead>
        {groupByUploadMonth(state.files, locale).map((group) => (
          <tbody key={group.key}>
            <tr className="documents__group">
              <th scope="colgroup" colSpan={4}>
                {group.label}
              </th>
            </tr>
            {group.files.map((file: FileRecord) => {
              const checked = state.selected.includes(file.fileID);
              const checkboxId = `document-${file.fileID}`;
              return (
                <tr
                  key={file.fileID}
                  className={checked ? 'documents__row documents__row--selected' : 'documents__row'}
                >
                  <td className="documents__check">
                    <input
                      id={checkboxId}
                      type="checkbox"
                      aria-label={t('select', { name: file.fileName })}
                      checked={checked}
                      onChange={() => dispatch(actions.toggled(file.fileID))}
                    />
                  </td>
                  <td className="documents__name">
                    <label htmlFor={checkboxId}>
                      <FileText aria-hidden="true" />
                      <span>{file.fileName}</span>
                    </label>
                  </td>
                  <td className="documents__type">{fileTypeLabel(file.fileName) ?? t('unknownType')}</td>
                  <td className="documents__desktop documents__uploaded">
                    <time dateTime={new Date(file.uploadedTime * 1000).toISOString()}>
                      {uploadedFormat.format(new Date(file.uploadedTime * 1000))}
                    </time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    );
  }

  const canDelete = account !== null;
  return (
    <div className="documents">
      <Link className="documents__back" to="/settings">
        <ChevronLeft aria-hidden="true" />
        {t('back')}
      </Link>
      <h1 className="documents__title visually-hidden-on-phone">{t('title')}</h1>
      {isSelecting(state) ? (
        <div className="documents__toolbar" role="toolbar" aria-label={t('toolbar')}>
          <IconButton
            size="sm"
            label={t('clearSelection')}
            icon={<X />}
            onClick={() => dispatch(actions.selectionCleared())}
          />
          <span className="documents__count" aria-live="polite">
            {t('selected', { count: state.selected.length })}
          </span>
          <Button size="sm" icon={<Download />} onClick={() => void run('DOWNLOAD')}>
            {t('download')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon={<Trash2 />}
            disabled={!canDelete}
            onClick={() => void run('DELETE')}
          >
            {t('delete')}
          </Button>
        </div>
      ) : null}
      {body}
    </div>
  );
}
