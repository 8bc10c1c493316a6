import type { FileRecord } from '@nordlys/contract/file';
import { Suspense } from 'react';
import type { EditorScreenSlots } from '../features/editor/editor.screens';
import type { FileActionContext } from '../file-actions/file-action.types';
import { lazyPart } from '../routing/lazy-part';

const ProfilePicturePicker = lazyPart(() =>
  import('./profile-picture-picker.component').then((module) => module.ProfilePicturePicker),
);

export const editorSlots: EditorScreenSlots = {
  // The uploader's code comes with the first save, not with the app.
  saveCopy: (request) => import('./edited-copy-upload').then((module) => module.saveEditedCopy(request)),
  // The timeline's newest pictures, as the profile picture page offers them.
  renderTimelinePicker: (onPick) => (
    <Suspense fallback={null}>
      <ProfilePicturePicker onPick={onPick} />
    </Suspense>
  ),
};

// The button comes with the viewer's code (see the registry's preloads), not with the app.
export const EditButton = lazyPart(() =>
  import('./edit-button.component').then((module) => module.EditButton),
);

export const renderViewerEdit = (context: FileActionContext, _file: FileRecord) => (
  <Suspense fallback={null}>
    <EditButton context={context} />
  </Suspense>
);
