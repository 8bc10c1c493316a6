import { FolderPlus, Images, Users } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Album, fetchAlbums } from '../../api/albums.api';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { answerAlbumPick, currentPickRequest, onPickRequestChange } from './album-picker.requests';
import { canConfirm, type PickerChoice, type PickerLoad, pickableAlbums } from './album-picker.rules';
import './album-picker.css';

/** core.md §2 album picker: 'select album', a New album tile, the albums, Done once one is chosen. */
export function AlbumPickerDialog() {
  const request = useSyncExternalStore(onPickRequestChange, currentPickRequest);
  const { t } = useTranslation('albumPicker');
  const [albums, setAlbums] = useState<Album[]>([]);
  const [load, setLoad] = useState<PickerLoad>('loading');
  const [choice, setChoice] = useState<PickerChoice | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) fetches again.
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    setChoice(null);
    setLoad('loading');
    fetchAlbums(controller.signal).then(
      (list) => {
        setAlbums(pickableAlbums(list, request.currentAlbumId));
        setLoad('loaded');
      },
      () => {
        if (!controller.signal.aborted) setLoad('failed');
      },
    );
    return () => controller.abort();
  }, [request, attempt]);

  const chosenId = choice?.kind === 'album' ? choice.album.id : choice?.kind;
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) answerAlbumPick(null);
      }}
      title={t('title')}
      className="album-picker"
      footer={
        <>
          <Button variant="ghost" onClick={() => answerAlbumPick(null)}>
            {t('cancel')}
          </Button>
          <Button
            variant="primary"
            disabled={!canConfirm(choice, albums)}
            onClick={() => answerAlbumPick(choice)}
            data-testid="album-picker-done"
          >
            {t('done')}
          </Button>
        </>
      }
    >
      <ul className="album-picker__list" aria-label={t('listLabel')}>
        <li>
          <button
            type="button"
            className="album-picker__tile album-picker__tile--new"
            aria-pressed={chosenId === 'new'}
            onClick={() => setChoice({ kind: 'new' })}
          >
            <FolderPlus className="album-picker__new-icon" aria-hidden="true" />
            <span className="album-picker__name">{t('newAlbum')}</span>
          </button>
        </li>
        {albums.map((album) => (
          <li key={album.id}>
            <button
              type="button"
              className="album-picker__tile"
              aria-pressed={chosenId === album.id}
              onClick={() => setChoice({ kind: 'album', album })}
            >
              {album.cover?.thumbURLSmall ? (
                <img className="album-picker__cover" src={album.cover.thumbURLSmall} alt="" loading="lazy" />
              ) : (
                <Images className="album-picker__placeholder" aria-hidden="true" />
              )}
              <span className="album-picker__caption">
                <span className="album-picker__name">{album.name || t('untitled')}</span>
                <span className="album-picker__count">
                  {album.isShared ? <Users aria-label={t('shared')} /> : null}
                  {t('count', { count: album.media_count })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {load === 'loading' ? (
        <div className="album-picker__state">
          <Spinner label={t('loading')} />
        </div>
      ) : load === 'failed' ? (
        <div className="album-picker__state" role="alert">
          <p>{t('failed')}</p>
          <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
