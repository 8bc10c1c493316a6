import { albumIdFromEither } from '@nordlys/contract/album-id';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { fetchAlbum, renameAlbum } from '../../api/albums.api';
import { canGoBackInApp } from '../../routing/in-app-history';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { addPhotosPath, albumPath } from './album-creation.paths';
import { albumDraftActions, draftFor, selectAlbumDraftState } from './album-draft.slice';
import { AlbumNameForm, type AlbumNameValues } from './album-name-form.component';
import { canCreateAlbum } from './album-title.rules';
import './album-creation.css';

const FORM_ID = 'album-edit-form';

/**
 * /albums/{albumIDB64}/edit/{goToAfter}: step 1 as a page. A draft is renamed and goes on to adding
 * photos; an album that exists is renamed and the page goes where goToAfter says (its page by default).
 */
export function AlbumEditPage({
  params,
  signedIn,
}: {
  params: Readonly<Record<string, string | undefined>>;
  signedIn: boolean;
}) {
  const { t } = useTranslation('albumCreation');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const albumIDB64 = params.albumIDB64 ?? '';
  const albumId = albumIdFromEither(albumIDB64 || (params.albumID ?? ''));
  const draft = draftFor(useSelector(selectAlbumDraftState), albumId);
  const [values, setValues] = useState<AlbumNameValues>({
    title: draft?.title ?? '',
    isShared: draft?.isShared ?? false,
  });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // An album that exists starts from its current name and privacy.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const isDraft = draft !== null;
  useEffect(() => {
    if (isDraft || !albumId) return;
    const controller = new AbortController();
    fetchAlbum(albumId, undefined, controller.signal).then(
      (album) => {
        setValues({ title: album.name, isShared: album.isShared });
        setLoadedFor(album.id);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [albumId, isDraft]);

  const after = params.goToAfter === 'addPhotos' || draft ? addPhotosPath(albumIDB64) : albumPath(albumIDB64);
  const submit = async (submitted: AlbumNameValues) => {
    if (draft) {
      dispatch(albumDraftActions.draftRenamed(submitted));
      navigate(after, { replace: true });
      return;
    }
    if (!albumId) return;
    setBusy(true);
    setFailed(false);
    try {
      await renameAlbum(albumId, submitted.title);
      navigate(after, { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="album-edit">
      <h1 className="album-edit__title">{draft ? t('create.title') : t('edit.title')}</h1>
      <AlbumNameForm
        key={loadedFor ?? 'new'}
        id={FORM_ID}
        initial={values}
        withPrivacy={draft !== null}
        onChange={setValues}
        onSubmit={(submitted) => void submit(submitted)}
      />
      {failed ? (
        <p className="album-edit__error" role="alert">
          {t('edit.failed')}
        </p>
      ) : null}
      <div className="album-edit__actions">
        <Button
          variant="ghost"
          onClick={() => {
            if (draft) dispatch(albumDraftActions.draftRemoved());
            if (canGoBackInApp()) navigate(-1);
            else navigate(draft || !albumId ? '/albums' : albumPath(albumIDB64), { replace: true });
          }}
        >
          {t('cancel')}
        </Button>
        <Button
          variant="primary"
          type="submit"
          form={FORM_ID}
          pending={busy}
          disabled={!canCreateAlbum({ ...values, signedIn })}
        >
          {draft ? t('create.next') : t('edit.save')}
        </Button>
      </div>
    </div>
  );
}
