import { ImageUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
// Bundled rather than inserted by the component at run time, which the page's policy would refuse.
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { accountPorts } from './account.ports';
import { saveProfilePicture } from './account.thunks';
import {
  cropToJpeg,
  type PixelArea,
  PROFILE_CROP_SIZE,
  pinchExceedsThreshold,
  touchDistance,
} from './crop-image';
import './account.css';

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const CROP_SIZE = { width: PROFILE_CROP_SIZE, height: PROFILE_CROP_SIZE };

export interface ProfilePicturePageProps {
  /**
   * Timeline picker hook point: the timeline feature renders its grid here and calls `onPick` with
   * an image URL. Until it exists the page offers the file from the device only.
   */
  renderTimelinePicker?: (onPick: (imageUrl: string) => void) => ReactNode;
  /** Where OK and Cancel lead. */
  doneTo?: string;
}

/** /selectProfilePicture: pick a picture, crop it to the 310x310 circle with zoom, OK or Cancel. */
export function ProfilePicturePage({ renderTimelinePicker, doneTo = '/settings' }: ProfilePicturePageProps) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [saving, setSaving] = useState(false);
  const pinch = useRef<{ start: number; unlocked: boolean } | null>(null);

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (source?.startsWith('blob:')) URL.revokeObjectURL(source);
    },
    [source],
  );

  const pick = useCallback((url: string) => {
    setSource(url);
    setCrop({ x: 0, y: 0 });
    setZoom(MIN_ZOOM);
  }, []);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      accountPorts().notify(dispatch, 'changeProfilePictureFailed');
      return;
    }
    pick(URL.createObjectURL(file));
  };

  const onTouchStart = (event: React.TouchEvent) => {
    const [a, b] = [event.touches[0], event.touches[1]];
    pinch.current = a && b ? { start: touchDistance(a, b), unlocked: false } : null;
  };
  const onTouchMove = (event: React.TouchEvent) => {
    const [a, b] = [event.touches[0], event.touches[1]];
    if (pinch.current && a && b && pinchExceedsThreshold(pinch.current.start, touchDistance(a, b))) {
      pinch.current.unlocked = true;
    }
  };
  const onZoomChange = (next: number) => {
    // A pinch smaller than the threshold is a wobble, not a zoom.
    if (pinch.current && !pinch.current.unlocked) return;
    setZoom(next);
  };

  const confirm = async () => {
    if (!source || !area) return;
    setSaving(true);
    let image: Blob;
    try {
      image = await cropToJpeg(source, area);
    } catch {
      setSaving(false);
      accountPorts().notify(dispatch, 'changeProfilePictureFailed');
      return;
    }
    const saved = await saveProfilePicture(dispatch, image);
    setSaving(false);
    if (saved) void navigate(doneTo);
  };

  return (
    <div className="picture-page">
      <h1 className="picture-page__title">{t('picture.title')}</h1>
      {source ? (
        <>
          <p className="picture-page__text">{t('picture.cropHint')}</p>
          <div
            className="picture-page__cropper"
            onTouchStart={onTouchStart}
            onTouchMove={onTouchMove}
            onTouchEnd={() => {
              pinch.current = null;
            }}
          >
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              cropSize={CROP_SIZE}
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={onZoomChange}
              onCropComplete={(_: Area, pixels: Area) => setArea(pixels)}
              mediaProps={{ alt: t('picture.previewAlt') }}
              disableAutomaticStylesInjection
            />
          </div>
          <label className="picture-page__zoom">
            <span>{t('picture.zoom')}</span>
            <input
              type="range"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
            />
          </label>
          <div className="picture-page__actions">
            <Button onClick={() => void navigate(doneTo)} disabled={saving}>
              {t('picture.cancel')}
            </Button>
            <Button variant="primary" pending={saving} disabled={!area} onClick={() => void confirm()}>
              {t('picture.ok')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {renderTimelinePicker?.(pick)}
          <div className="picture-page__choose">
            <ImageUp size={32} aria-hidden="true" />
            <p className="picture-page__text">{t('picture.chooseHint')}</p>
            <input
              id={inputId}
              className="picture-page__file"
              type="file"
              accept="image/*"
              onChange={onFile}
            />
            <label htmlFor={inputId} className="ui-button ui-button--primary">
              {t('picture.choose')}
            </label>
            <Button variant="ghost" onClick={() => void navigate(doneTo)}>
              {t('picture.cancel')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
