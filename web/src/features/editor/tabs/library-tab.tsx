import { Upload } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../editor-controls';
import { hasWebcam, WebcamCapture } from './webcam-capture';

/**
 * Images to lay over the photo: one from the user's own timeline (the app lends its picker) or
 * one from the device. The overlays tab then sets how it blends.
 */
export function LibraryTab({
  onPick,
  onWebcamUnavailable,
  renderTimelinePicker,
}: {
  onPick(src: string): void;
  onWebcamUnavailable(): void;
  renderTimelinePicker?: (onPick: (imageUrl: string) => void) => ReactNode;
}) {
  const { t } = useTranslation('editor');
  const inputId = useId();
  return (
    <div className="editor-panel__stack">
      <p className="editor-panel__hint">{t('library.hint')}</p>
      <PanelSection title={t('library.fromDevice')}>
        <label htmlFor={inputId} className="ui-button ui-button--secondary editor-file-button">
          <Upload aria-hidden="true" />
          {t('library.chooseFile')}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(URL.createObjectURL(file));
            event.target.value = '';
          }}
        />
        {hasWebcam() ? <WebcamCapture onCapture={onPick} onUnavailable={onWebcamUnavailable} /> : null}
      </PanelSection>
      {renderTimelinePicker ? <div className="editor-library">{renderTimelinePicker(onPick)}</div> : null}
    </div>
  );
}
