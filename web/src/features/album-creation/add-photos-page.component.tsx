import { albumIdFromEither, albumIdToB64 } from '@nordlys/contract/album-id';
import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { Check, ImagePlus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { createAlbum, keepAlbumFiles } from '../../api/album-files.api';
import { copyFilesToAlbum } from '../../file-actions/album-copy';
import { fileActionPorts } from '../../file-actions/file-action.ports';
import { canGoBackInApp } from '../../routing/in-app-history';
import { withOverlay } from '../../routing/overlay';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { albumPath } from './album-creation.paths';
import type { AlbumCreationSlots } from './album-creation.slots';
import { albumDraftActions, draftFor, selectAlbumDraftState } from './album-draft.slice';
import { titleToCreate } from './album-title.rules';
import { SelectionBar } from './selection-bar.component';
import './album-creation.css';

export interface AddPhotosPageProps {
  params: Readonly<Record<string, string | undefined>>;
  slots: AlbumCreationSlots;
}

/**
 * Step 2 of album creation, and "add photos" to an album that exists (core.md §2): a selection
 * timeline with the counter. A draft is created on the server by 'save_create_album' (or by the
 * first upload into it); an existing album gets the chosen files through 'add_photos'.
 */
export function AddPhotosPage({ params, slots }: AddPhotosPageProps) {
  const { t } = useTranslation('albumCreation');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const albumIDB64 = params.albumIDB64 ?? '';
  const albumId = albumIdFromEither(albumIDB64 || (params.albumID ?? ''));
  const draft = draftFor(useSelector(selectAlbumDraftState), albumId);
  const pending = slots.usePendingAlbum(draft?.draftId ?? null);
  const [busy, setBusy] = useState(false);
  // The draft's preselection is read once, when the page opens.
  const initialSelection = useRef(draft?.preselected ?? []).current;
  const uploaded = pending?.uploadedFiles.length ?? 0;

  const leave = useCallback(() => {
    if (draft) {
      slots.forgetPendingAlbum(dispatch, draft.draftId);
      dispatch(albumDraftActions.draftRemoved());
    }
    // Back to where the user came from; a first page has nowhere to go back to.
    if (canGoBackInApp()) navigate(-1);
    else navigate(draft || !albumId ? '/albums' : albumPath(albumIDB64), { replace: true });
  }, [draft, dispatch, navigate, albumId, albumIDB64, slots]);

  const reportFailures = (failed: number, target: string) => {
    if (failed > 0)
      fileActionPorts().showToast(dispatch, {
        type: 'filesCopiedToAlbumFailed',
        params: { count: failed },
        jobId: target,
      });
  };

  const saveDraft = async (files: readonly TimelineFile[]) => {
    if (!draft) return;
    setBusy(true);
    let created = pending?.albumId ?? null;
    try {
      created ??= (
        await createAlbum({
          name: titleToCreate(draft.title, draft.isShared, t('defaultSharedTitle')),
          isShared: draft.isShared,
        })
      ).id;
    } catch {
      setBusy(false);
      fileActionPorts().showToast(dispatch, {
        type: 'filesCopiedToAlbumFailed',
        params: { count: files.length },
      });
      return;
    }
    const result = await copyFilesToAlbum(dispatch, created, files, { toast: false });
    reportFailures(result.failedIds.length, created);
    if (pending && pending.uploadedFiles.length > 0) {
      // Files uploaded only into the album may be copied to the timeline as well.
      if (await slots.confirmTimelineCopy(dispatch, pending.uploadedFiles.length)) {
        await keepAlbumFiles(created, pending.uploadedFiles).catch(() =>
          fileActionPorts().showToast(dispatch, { type: 'jobCopiedToTimelineFailed', jobId: created }),
        );
      }
    }
    slots.forgetPendingAlbum(dispatch, draft.draftId);
    dispatch(albumDraftActions.draftRemoved());
    const target = albumPath(albumIdToB64(created));
    const share = withOverlay(new URLSearchParams(), 'share_prompt');
    navigate(draft.isShared ? `${target}?${share}` : target, { replace: true });
  };

  const addToAlbum = async (files: readonly TimelineFile[]) => {
    if (!albumId) return;
    setBusy(true);
    const result = await copyFilesToAlbum(dispatch, albumId, files);
    setBusy(false);
    if (result.outcome !== 'failed') navigate(albumPath(albumIDB64), { replace: true });
  };

  const openUpload = () =>
    slots.openUpload(
      dispatch,
      draft
        ? {
            pendingAlbum: {
              pendingId: draft.draftId,
              title: titleToCreate(draft.title, draft.isShared, t('defaultSharedTitle')),
              isShared: draft.isShared,
            },
          }
        : { albumId: albumId ?? '' },
    );

  return (
    <div className="add-photos">
      {slots.renderSelectionTimeline({
        initialSelection,
        onLimitReached: () => slots.maxSelectionReached(dispatch),
        onUpload: openUpload,
        renderBar: (selected) => (
          <SelectionBar
            title={draft ? draft.title || t('addPhotos.untitledDraft') : t('addPhotos.title')}
            count={selected.length}
            onCancel={leave}
          >
            {uploaded > 0 ? (
              <span className="selection-bar__note">{t('addPhotos.uploaded', { count: uploaded })}</span>
            ) : null}
            <Button variant="ghost" size="sm" icon={<ImagePlus />} onClick={openUpload}>
              <span className="visually-hidden-on-phone">{t('addPhotos.upload')}</span>
            </Button>
            {draft ? (
              selected.length > 0 || uploaded > 0 ? (
                <Button
                  variant="primary"
                  size="sm"
                  icon={<Check />}
                  pending={busy}
                  onClick={() => void saveDraft(selected)}
                  data-testid="save-create-album"
                >
                  {t('save_create_album')}
                </Button>
              ) : (
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => void saveDraft([])}>
                  {t('createEmpty')}
                </Button>
              )
            ) : (
              <Button
                variant="primary"
                size="sm"
                pending={busy}
                disabled={selected.length === 0}
                onClick={() => void addToAlbum(selected)}
              >
                {t('add_photos')}
              </Button>
            )}
          </SelectionBar>
        ),
      })}
    </div>
  );
}
