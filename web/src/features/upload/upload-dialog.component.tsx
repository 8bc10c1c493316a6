import { Camera, ImagePlus, UploadCloud } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Toggle } from '../../ui/toggle';
import { type DroppedFile, flattenTrees, readDrop } from './folder-tree.reader';
import './upload-dialog.css';

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  onFiles: (files: DroppedFile[], unreadableFolders: string[]) => void;
  /** Safari reads no folder trees; it gets its own folder message. */
  safari: boolean;
  /** '.jpg,.png,…' from the supported extensions, for the file picker's filter. */
  accept?: string;
  /** Uploading into an album: whether the files also go to the timeline (alsoTargetTimeline). */
  albumTarget?: { alsoTargetTimeline: boolean; onChange(alsoTargetTimeline: boolean): void };
}

const loose = (files: FileList | File[] | null): DroppedFile[] =>
  Array.from(files ?? []).map((file) => ({ file, folder: '' }));

/** core.md §2: dashed drop area, 'select from device', 'add from the capture source', cancel. */
export function UploadDialog({ open, onClose, onFiles, safari, accept, albumTarget }: UploadDialogProps) {
  const { t } = useTranslation('upload');
  const deviceInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);
  const hintId = useId();

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const transfer = event.dataTransfer;
    if (!transfer.items || transfer.items.length === 0) {
      onFiles(loose(transfer.files), []);
      return;
    }
    setReading(true);
    try {
      const contents = await readDrop(transfer.items, { readFolders: !safari });
      onFiles([...loose(contents.loose), ...flattenTrees(contents.trees)], contents.unreadableFolders);
    } finally {
      setReading(false);
    }
  };

  const onPicked = (input: HTMLInputElement | null) => {
    if (!input?.files?.length) return;
    const files = loose(input.files);
    // Clearing lets the same file be chosen again, e.g. to resume it after a reload.
    input.value = '';
    onFiles(files, []);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={albumTarget ? t('dialog.albumTitle') : t('dialog.title')}
      variant="flow"
      className="upload-dialog"
      footer={
        <Button variant="ghost" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; its buttons are the keyboard path. */}
      <section
        className={`upload-dialog__drop${dragging ? ' upload-dialog__drop--active' : ''}`}
        aria-describedby={hintId}
        data-testid="upload-drop-area"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => void onDrop(event)}
      >
        <UploadCloud className="upload-dialog__icon" aria-hidden="true" />
        <p className="upload-dialog__hint" id={hintId}>
          {reading ? t('dialog.reading') : dragging ? t('dialog.dropActive') : t('dialog.dropHint')}
        </p>
        <p className="upload-dialog__accepted">{t('dialog.accepted')}</p>
        <p className="upload-dialog__or">{t('dialog.or')}</p>
        <div className="upload-dialog__actions">
          <Button variant="primary" icon={<ImagePlus />} onClick={() => deviceInput.current?.click()}>
            {t('dialog.selectFromDevice')}
          </Button>
          <Button icon={<Camera />} onClick={() => cameraInput.current?.click()}>
            {t('dialog.captureSource')}
          </Button>
        </div>
        {safari && <p className="upload-dialog__notice">{t('dialog.safariFolders')}</p>}
        {albumTarget ? (
          <Toggle
            className="upload-dialog__also-timeline"
            checked={albumTarget.alsoTargetTimeline}
            onCheckedChange={albumTarget.onChange}
            label={t('dialog.alsoTimeline')}
          />
        ) : null}
        {/* The buttons above open these; the inputs themselves stay out of sight, out of the tab
            order and out of the accessibility tree, or a screen reader hears each choice twice. */}
        <input
          ref={deviceInput}
          className="visually-hidden"
          type="file"
          multiple
          accept={accept}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="upload-file-input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
        <input
          ref={cameraInput}
          className="visually-hidden"
          type="file"
          accept="image/*,video/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="upload-camera-input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
      </section>
    </Modal>
  );
}
