import type { FileRecord } from '@nordlys/contract/file';
import { Pencil } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyGate } from '../features/account/read-only-gate.component';
import type { EditorScreenSlots } from '../features/editor/editor.screens';
import type { SaveEditedCopy } from '../features/editor/editor-screen.component';
import { getFileAction, runFileAction } from '../file-actions/file-action.registry';
import type { FileActionContext } from '../file-actions/file-action.types';
import { lazyPart } from '../routing/lazy-part';
import { IconButton } from '../ui/button';
import { openSubscriptionRequired } from './subscriptions-wiring';

const ProfilePicturePicker = lazyPart(() =>
  import('./profile-picture-picker.component').then((module) => module.ProfilePicturePicker),
);

/**
 * The edited copy goes up as any upload does (quota, dedup, thumbnails, the job's change feed),
 * beside its original and dated as it is, so it sits next to it in the timeline.
 */
export const saveEditedCopy: SaveEditedCopy = async ({ jobId, original, path, file }) => {
  // The uploader's code comes with the first save, not with the app.
  const [{ createHttpUploadTransport }, { UploadFailure }] = await Promise.all([
    import('../features/upload/http-upload.transport'),
    import('../features/upload/upload.transport'),
  ]);
  const transport = createHttpUploadTransport();
  const signal = new AbortController().signal;
  try {
    await transport.fetchCheckContext();
    const checksum = await transport.hash(file, signal);
    return await transport.upload({
      jobId,
      path,
      file,
      mtime: file.lastModified,
      takenAt: original.timestamp * 1000,
      checksum,
      signal,
      onProgress: () => undefined,
      onResumed: () => undefined,
    });
  } catch (error) {
    if (error instanceof UploadFailure && error.kind === 'noStorage') throw new Error('noStorage');
    throw error;
  }
};

export const editorSlots: EditorScreenSlots = {
  saveCopy: saveEditedCopy,
  // The timeline's newest pictures, as the profile picture page offers them.
  renderTimelinePicker: (onPick) => (
    <Suspense fallback={null}>
      <ProfilePicturePicker onPick={onPick} />
    </Suspense>
  ),
};

/** The viewer's edit button: the shared action, disabled with the subscribe offer for read-only users. */
function EditButton({ context }: { context: FileActionContext }) {
  const { t } = useTranslation('fileMenu');
  const action = getFileAction('EDIT');
  if (!action?.isVisible(context)) return null;
  return (
    <ReadOnlyGate action="editPhoto" onSubscribe={openSubscriptionRequired}>
      {(disabled) => (
        <IconButton
          className="carousel__button"
          label={t('actions.edit')}
          icon={<Pencil />}
          disabled={disabled}
          onClick={() => void runFileAction(action, context)}
        />
      )}
    </ReadOnlyGate>
  );
}

export const renderViewerEdit = (context: FileActionContext, _file: FileRecord) => (
  <EditButton context={context} />
);
