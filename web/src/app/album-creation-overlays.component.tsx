import { useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { selectAlbumDraftState } from '../features/album-creation/album-draft.slice';
import { currentPickRequest, onPickRequestChange } from '../features/album-picker/album-picker.requests';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { lazyPart } from '../routing/lazy-part';
import { overlayIn } from '../routing/overlay';
import { useBindNavigation } from './app-navigation';
import { MountWhenWanted } from './mount-when-wanted.component';

const CreateAlbumOverlay = lazyPart(() =>
  import('../features/album-creation/create-album-overlay.component').then(
    (module) => module.CreateAlbumOverlay,
  ),
);
const SharePromptOverlay = lazyPart(() =>
  import('../features/album-creation/share-prompt-overlay.component').then(
    (module) => module.SharePromptOverlay,
  ),
);
const AlbumPickerDialog = lazyPart(() =>
  import('../features/album-picker/album-picker-dialog.component').then((module) => module.AlbumPickerDialog),
);

/** The create_album and share_prompt overlays and the album picker, each fetched when first wanted. */
export function AlbumCreationOverlays() {
  useBindNavigation();
  const addressed = overlayIn(new URLSearchParams(useLocation().search));
  const createOpen = useSelector(selectAlbumDraftState).overlay.open;
  const signedIn = useSelector(selectLoginStatus) === 'AUTHENTICATED';
  const picking = useSyncExternalStore(onPickRequestChange, currentPickRequest) !== null;
  return (
    <>
      <MountWhenWanted wanted={createOpen || addressed === 'create_album'}>
        <CreateAlbumOverlay signedIn={signedIn} />
      </MountWhenWanted>
      <MountWhenWanted wanted={addressed === 'share_prompt'}>
        <SharePromptOverlay />
      </MountWhenWanted>
      <MountWhenWanted wanted={picking}>
        <AlbumPickerDialog />
      </MountWhenWanted>
    </>
  );
}
