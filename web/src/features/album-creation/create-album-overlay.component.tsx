import { albumIdToB64 } from '@nordlys/contract/album-id';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useOverlay } from '../../routing/overlay';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { addPhotosPath } from './album-creation.paths';
import { albumDraftActions, selectAlbumDraftState } from './album-draft.slice';
import { AlbumNameForm, type AlbumNameValues } from './album-name-form.component';
import { canCreateAlbum } from './album-title.rules';
import './album-creation.css';

const FORM_ID = 'create-album-form';

/**
 * The create_album overlay (core.md §2): step 1 of album creation. Opened by
 * `albumDraftActions.overlayOpened` or by `?overlay=create_album` in any address.
 */
export function CreateAlbumOverlay({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('albumCreation');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { overlay } = useSelector(selectAlbumDraftState);
  const address = useOverlay();
  const addressed = address.overlay === 'create_album';
  const open = overlay.open || addressed;
  const [values, setValues] = useState<AlbumNameValues>({ title: '', isShared: false });

  useEffect(() => {
    if (open) setValues({ title: '', isShared: false });
  }, [open]);

  const close = () => {
    dispatch(albumDraftActions.overlayClosed());
    if (addressed) address.closeOverlay();
  };
  const start = (submitted: AlbumNameValues) => {
    if (!canCreateAlbum({ ...submitted, signedIn })) return;
    const draftId = crypto.randomUUID();
    dispatch(albumDraftActions.draftStarted({ draftId, ...submitted }));
    // The overlay's own history entry gives way to step 2, so Back does not reopen it.
    navigate(addPhotosPath(albumIdToB64(draftId)), { replace: addressed });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('create.title')}
      description={t('create.description')}
      className="create-album"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            variant="primary"
            type="submit"
            form={FORM_ID}
            disabled={!canCreateAlbum({ ...values, signedIn })}
          >
            {t('create.next')}
          </Button>
        </>
      }
    >
      {open ? (
        <AlbumNameForm id={FORM_ID} initial={values} withPrivacy onChange={setValues} onSubmit={start} />
      ) : null}
    </Modal>
  );
}
