import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { openUploadDialog, selectUploadQueue } from './upload-queue.slice';

/**
 * The top bar's Upload button; a read-only account sees it disabled with a tooltip offering
 * subscribe, and trying it calls `onReadOnlyAttempt` (a subscription is required).
 */
export function UploadButton({ onReadOnlyAttempt }: { onReadOnlyAttempt?: () => void }) {
  const { t } = useTranslation('upload');
  const dispatch = useDispatch();
  const readOnly = useSelector(selectUploadQueue).readOnly;
  const button = (
    <Button
      className="upload-button"
      variant="primary"
      size="sm"
      icon={<Upload />}
      // aria-disabled rather than disabled: the button must stay focusable and hoverable for its tooltip.
      aria-disabled={readOnly || undefined}
      aria-describedby={readOnly ? 'upload-read-only-reason' : undefined}
      onClick={() => {
        if (!readOnly) dispatch(openUploadDialog());
        else onReadOnlyAttempt?.();
      }}
    >
      {/* Icon only on phones; the name stays for screen readers. */}
      <span className="visually-hidden-on-phone">{t('button.upload')}</span>
    </Button>
  );
  if (!readOnly) return button;
  return (
    <>
      <Tooltip content={t('button.readOnly')}>{button}</Tooltip>
      {/* Announced with the button; sighted users get it from the tooltip. */}
      <span id="upload-read-only-reason" className="visually-hidden">
        {t('button.readOnly')}
      </span>
    </>
  );
}
