import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { openUploadDialog, selectUploadQueue } from './upload-queue.slice';
import './upload-button.css';

/** The top bar's Upload button; a read-only account sees it disabled with a tooltip offering subscribe. */
export function UploadButton() {
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
      }}
    >
      <span className="upload-button__label">{t('button.upload')}</span>
    </Button>
  );
  if (!readOnly) return button;
  return (
    <>
      <Tooltip content={t('button.readOnly')}>{button}</Tooltip>
      <span id="upload-read-only-reason" className="upload-button__reason">
        {t('button.readOnly')}
      </span>
    </>
  );
}
