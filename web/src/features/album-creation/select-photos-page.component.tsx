import { CheckCircle2, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import type { AlbumCreationSlots } from './album-creation.slots';
import {
  canFinishSelection,
  type PhotoSelectionResult,
  parseSelectionMax,
  readSelection,
  storeSelection,
} from './photo-selection.rules';
import { SelectionBar } from './selection-bar.component';
import './album-creation.css';

/** /selectPhotos: a selection timeline for a page that asked for photos (`?max=` optional). */
export function SelectPhotosPage({ slots }: { slots: AlbumCreationSlots }) {
  const { t } = useTranslation('albumCreation');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const max = parseSelectionMax(query.get('max'));
  return (
    <div className="add-photos">
      {slots.renderSelectionTimeline({
        max,
        onLimitReached: () => slots.maxSelectionReached(dispatch),
        onUpload: () => slots.openUpload(dispatch, { albumId: 'default' }),
        renderBar: (selected) => (
          <SelectionBar
            title={t('selectPhotos.title')}
            count={selected.length}
            max={max}
            onCancel={() => navigate('/photos', { replace: true })}
          >
            <Button
              variant="primary"
              size="sm"
              disabled={!canFinishSelection(selected.length, max)}
              onClick={() => {
                const id = crypto.randomUUID();
                storeSelection({
                  type: 'nordlys:selectPhotos',
                  id,
                  files: selected.map(({ fileID, jobID, fileName }) => ({ fileID, jobID, fileName })),
                });
                navigate(`/selectPhotos/${id}`, { replace: true });
              }}
            >
              {t('add_photos')}
            </Button>
          </SelectionBar>
        ),
      })}
    </div>
  );
}

/** /selectPhotos/{id}: hands the chosen files back to the window that opened the selection. */
export function SelectPhotosDonePage({ params }: { params: Readonly<Record<string, string | undefined>> }) {
  const { t } = useTranslation('albumCreation');
  const [result] = useState<PhotoSelectionResult | null>(() => readSelection(params.id ?? ''));
  const [handedBack, setHandedBack] = useState(false);
  useEffect(() => {
    if (!result) return;
    const opener = window.opener as Window | null;
    if (!opener) return;
    try {
      // Same origin only: the chosen files are the user's.
      opener.postMessage(result, window.location.origin);
      setHandedBack(true);
    } catch {
      setHandedBack(false);
    }
  }, [result]);
  if (!result) {
    return (
      <div className="select-photos-done">
        <EmptyState icon={<ImageOff />} message={t('selectPhotos.nothing')} />
        <Link to="/photos">{t('selectPhotos.toTimeline')}</Link>
      </div>
    );
  }
  return (
    <div className="select-photos-done">
      <CheckCircle2 className="select-photos-done__icon" aria-hidden="true" />
      <h1 className="select-photos-done__title">{t('selectPhotos.done', { count: result.files.length })}</h1>
      <p className="select-photos-done__text">
        {handedBack ? t('selectPhotos.handedBack') : t('selectPhotos.noOpener')}
      </p>
      {handedBack ? (
        <Button variant="primary" onClick={() => window.close()}>
          {t('selectPhotos.close')}
        </Button>
      ) : (
        <Link to="/photos">{t('selectPhotos.toTimeline')}</Link>
      )}
    </div>
  );
}
