import type { DeletedAlbum } from '@nordlys/contract/trash';
import { ArchiveRestore, GalleryHorizontalEnd, XCircle } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteAlbumsForever, fetchDeletedAlbums, restoreAlbums } from '../../api/trash-albums.api';
import type { FileActionContext } from '../../file-actions/file-action.types';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { restoreAll } from './restore-all';
import { RestoreAllDialog, type RestoreAllPhase } from './restore-all-dialog.component';
import { trashPorts } from './trash.ports';
import { albumRestoreAllIo, runAlbumCommand } from './trash-album-commands';
import {
  trashListActions as actions,
  initialTrashListState,
  selectedItems,
  type TrashProcessing,
  trashListReducer,
} from './trash-list.slice';
import { TrashListLayout } from './trash-list-layout.component';
import { TrashThumb, TrashTileFrame, type TrashTileFrameProps } from './trash-tile.component';
import './trash.css';

export interface TrashAlbumsPageProps {
  account: FileActionContext['account'];
  clock?: () => number;
}

function AlbumTile({
  album,
  ...frame
}: Omit<TrashTileFrameProps, 'name' | 'media' | 'title' | 'detail'> & { album: DeletedAlbum }) {
  const { t } = useTranslation('trash');
  const name = album.name || t('albums.unnamed');
  return (
    <TrashTileFrame
      {...frame}
      name={name}
      title={name}
      detail={t('albums.count', { count: album.media_count })}
      media={
        <TrashThumb url={album.coverURL} alt="" fallback={<GalleryHorizontalEnd aria-hidden="true" />} />
      }
    />
  );
}

/** /deleted_items/albums: albums in the trash with days remaining; restore or delete forever. */
export function TrashAlbumsPage({ account, clock = Date.now }: TrashAlbumsPageProps) {
  const { t } = useTranslation('trash');
  const { t: tActions } = useTranslation('fileActions');
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(
    trashListReducer<DeletedAlbum>,
    undefined,
    initialTrashListState<DeletedAlbum>,
  );
  const loadController = useRef<AbortController | null>(null);
  const [restoreAllState, setRestoreAllState] = useState<RestoreAllPhase | null>(null);

  const load = useCallback(() => {
    loadController.current?.abort();
    const controller = new AbortController();
    loadController.current = controller;
    dispatch(actions.fetchStarted());
    fetchDeletedAlbums(controller.signal).then(
      (albums) => dispatch(actions.fetched({ items: albums, total: albums.length })),
      () => {
        if (controller.signal.aborted) return;
        dispatch(actions.fetchFailed());
        // core.md §8: 'something went wrong' when the trash albums fail to load.
        trashPorts().showToast(appDispatch, { type: 'genericError' });
      },
    );
  }, [appDispatch]);

  useEffect(() => {
    load();
    return () => loadController.current?.abort();
  }, [load]);

  const selection = selectedItems(state).map((album) => album.id);
  const run = (kind: TrashProcessing) =>
    void runAlbumCommand(
      kind,
      selection,
      { list: dispatch, call: kind === 'restoring' ? restoreAlbums : deleteAlbumsForever },
      appDispatch,
    );

  const startRestoreAll = async () => {
    setRestoreAllState({ phase: 'running', progress: { restored: 0, failed: 0, total: state.items.length } });
    const outcome = await restoreAll(
      albumRestoreAllIo({ list: () => fetchDeletedAlbums(), restore: restoreAlbums }),
      (progress) => setRestoreAllState({ phase: 'running', progress }),
    );
    setRestoreAllState({ phase: 'done', outcome });
    load();
  };

  const readOnly = account?.isReadOnly === true;
  return (
    <>
      <TrashListLayout
        title={t('albums.title')}
        state={state}
        dispatch={dispatch}
        now={clock()}
        onRetry={load}
        loadFailedText={t('albums.loadFailed')}
        empty={{
          icon: <GalleryHorizontalEnd />,
          text: t('albums.empty'),
          action: { label: t('albums.toAlbums'), onClick: () => void navigate('/albums') },
        }}
        headingActions={
          <Button
            size="sm"
            icon={<ArchiveRestore />}
            disabled={readOnly || restoreAllState !== null}
            title={readOnly ? tActions('readOnlyTooltip') : undefined}
            onClick={() => void startRestoreAll()}
          >
            {t('list.restoreAll')}
          </Button>
        }
        toolbarActions={
          <>
            <Button
              size="sm"
              icon={<ArchiveRestore />}
              disabled={readOnly}
              title={readOnly ? tActions('readOnlyTooltip') : undefined}
              onClick={() => run('restoring')}
            >
              {tActions('labels.restore')}
            </Button>
            <Button size="sm" variant="danger" icon={<XCircle />} onClick={() => run('deleting')}>
              {tActions('labels.permDelete')}
            </Button>
          </>
        }
        renderItem={({ item, days }) => (
          <AlbumTile
            key={item.id}
            album={item}
            days={days}
            selected={state.selected.includes(item.id)}
            processing={state.processing[item.id]}
            onToggle={() => dispatch(actions.toggled(item.id))}
          />
        )}
      />
      <RestoreAllDialog state={restoreAllState} onClose={() => setRestoreAllState(null)} />
    </>
  );
}
