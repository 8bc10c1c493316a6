import type { TrashFile } from '@nordlys/contract/trash';
import { ArchiveRestore, Download, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { restoreFiles } from '../../api/timeline.api';
import { fetchTrashPage, trashArchiveLink } from '../../api/trash.api';
import { browserTransfer } from '../../file-actions/browser-transfer';
import { emitFileActionEvent, onFileActionEvent } from '../../file-actions/file-action.events';
import { fileActionPorts, offerSubscription } from '../../file-actions/file-action.ports';
import { availableFileActions, runFileAction } from '../../file-actions/file-action.registry';
import type { FileAction, FileActionContext, FileActionFile } from '../../file-actions/file-action.types';
import { FILE_ACTION_ICONS } from '../../file-actions/file-action-icons';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { downloadAll } from './download-all';
import { restoreAll } from './restore-all';
import { RestoreAllDialog, type RestoreAllPhase } from './restore-all-dialog.component';
import { trashPorts } from './trash.ports';
import {
  trashListActions as actions,
  hasMore,
  initialTrashListState,
  selectedItems,
  type TrashListState,
  trashListReducer,
} from './trash-list.slice';
import { TrashListLayout } from './trash-list-layout.component';
import { fileNameOf, TrashTile } from './trash-tile.component';
import './trash.css';

export interface TrashPhotosPageProps {
  account: FileActionContext['account'];
  /** The clock days remaining are counted with (tests pass a fixed one). */
  clock?: () => number;
}

const asActionFile = (file: TrashFile): FileActionFile => ({
  fileID: file.id,
  jobID: file.job,
  fileName: fileNameOf(file.path),
  user_uuid: '',
  duration: file.duration,
});

/** /deleted_items/photos: trashed photos and videos with days remaining, restore and delete forever. */
export function TrashPhotosPage({ account, clock = Date.now }: TrashPhotosPageProps) {
  const { t } = useTranslation('trash');
  const { t: tActions } = useTranslation('fileActions');
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(
    trashListReducer<TrashFile>,
    undefined,
    initialTrashListState<TrashFile>,
  );
  const [restoreAllState, setRestoreAllState] = useState<RestoreAllPhase | null>(null);
  const loadController = useRef<AbortController | null>(null);
  const stateRef = useRef<TrashListState<TrashFile>>(state);
  stateRef.current = state;

  const load = useCallback((append: boolean) => {
    loadController.current?.abort();
    const controller = new AbortController();
    loadController.current = controller;
    dispatch(actions.fetchStarted());
    fetchTrashPage(append ? stateRef.current.items.length : 0, undefined, controller.signal).then(
      (page) => dispatch(actions.fetched({ items: page.files, total: page.total, append })),
      () => {
        if (!controller.signal.aborted) dispatch(actions.fetchFailed());
      },
    );
  }, []);

  useEffect(() => {
    load(false);
    return () => loadController.current?.abort();
  }, [load]);

  useEffect(
    () =>
      onFileActionEvent((event) => {
        if (event.kind === 'trashProcessing') {
          dispatch(actions.processingStarted({ ids: event.fileIds, kind: event.processing }));
        } else if (event.kind === 'restored' || event.kind === 'permanentlyDeleted') {
          dispatch(actions.processed(event.fileIds));
        } else if (event.kind === 'removed') {
          load(false);
        }
      }),
    [load],
  );

  const selection = selectedItems(state);
  const context: FileActionContext = {
    surface: 'trash',
    jobId: selection[0]?.job ?? '',
    files: selection.map(asActionFile),
    account,
    isJobOwner: true,
    dispatch: appDispatch,
  };

  const run = async (action: FileAction) => {
    if (context.files.length === 0) return;
    const result = await runFileAction(action, context);
    // Succeeded files left through the action's events; the failed ones come back.
    if (result.outcome !== 'cancelled') dispatch(actions.processingFailed(result.failedIds));
  };

  const startRestoreAll = async () => {
    setRestoreAllState({ phase: 'running', progress: { restored: 0, failed: 0, total: state.total ?? 0 } });
    const outcome = await restoreAll(
      {
        fetchPage: async (offset, limit) => {
          const page = await fetchTrashPage(offset, limit);
          return { ids: page.files.map((file) => file.id), total: page.total };
        },
        restore: (ids) => restoreFiles(ids),
        onRestored: (ids) => emitFileActionEvent({ kind: 'restored', jobId: '', fileIds: ids }),
      },
      (progress) => setRestoreAllState({ phase: 'running', progress }),
    );
    setRestoreAllState({ phase: 'done', outcome });
    if (outcome.outOfStorage > 0) fileActionPorts().notEnoughStorage?.(appDispatch, 'restore');
    load(false);
  };

  const startDownloadAll = async () => {
    const name = (part: number) => `${t('hub.title')} (${part}).zip`;
    try {
      await downloadAll({
        fetchPage: async (offset, limit) => ({
          ids: (await fetchTrashPage(offset, limit)).files.map((file) => file.id),
        }),
        link: (ids, part) => trashArchiveLink(ids, name(part)),
        download: (url, part) => browserTransfer().download(url, name(part)),
        pause: (ms) => browserTransfer().pause(ms),
      });
    } catch {
      trashPorts().showToast(appDispatch, { type: 'filesDownloadFailed' });
    }
  };

  const readOnly = account?.isReadOnly === true;
  return (
    <>
      <TrashListLayout
        title={t('list.titlePhotos')}
        state={state}
        dispatch={dispatch}
        now={clock()}
        onRetry={() => load(false)}
        loadFailedText={t('list.loadFailed')}
        empty={{
          icon: <Trash2 />,
          text: t('list.empty'),
          action: { label: t('list.toTimeline'), onClick: () => void navigate('/photos') },
        }}
        headingActions={
          <>
            <Button size="sm" icon={<Download />} onClick={() => void startDownloadAll()}>
              {t('list.downloadAll')}
            </Button>
            <Button
              size="sm"
              icon={<ArchiveRestore />}
              disabled={readOnly || restoreAllState !== null}
              title={readOnly ? tActions('readOnlyTooltip') : undefined}
              onClick={() => void startRestoreAll()}
            >
              {t('list.restoreAll')}
            </Button>
          </>
        }
        toolbarActions={availableFileActions(context).map(({ action, enabled, readOnlyBlocked }) => {
          const Icon = FILE_ACTION_ICONS[action.icon];
          return (
            <Button
              key={action.id}
              size="sm"
              variant={action.id === 'PERM_DELETE' ? 'danger' : 'secondary'}
              icon={<Icon />}
              // Looks disabled but answers a click with the subscription offer.
              disabled={!enabled && !readOnlyBlocked}
              aria-disabled={readOnlyBlocked || undefined}
              title={readOnlyBlocked ? tActions('readOnlyTooltip') : undefined}
              onClick={() => (readOnlyBlocked ? offerSubscription() : void run(action))}
            >
              {tActions(action.labelKey.replace('fileActions:', ''))}
            </Button>
          );
        })}
        renderItem={({ item, days }) => (
          <TrashTile
            key={item.id}
            file={item}
            days={days}
            selected={state.selected.includes(item.id)}
            processing={state.processing[item.id]}
            onToggle={() => dispatch(actions.toggled(item.id))}
          />
        )}
        footer={
          hasMore(state) && (
            <div className="trash__more">
              <Button pending={state.status === 'pending'} onClick={() => load(true)}>
                {t('list.loadMore')}
              </Button>
            </div>
          )
        }
      />
      <RestoreAllDialog state={restoreAllState} onClose={() => setRestoreAllState(null)} />
    </>
  );
}
