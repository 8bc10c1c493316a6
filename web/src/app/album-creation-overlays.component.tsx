import { useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { albumDraftActions, selectAlbumDraftState } from '../features/album-creation/album-draft.slice';
import { currentPickRequest, onPickRequestChange } from '../features/album-picker/album-picker.requests';
import { guestPromptProps } from '../features/auth/guest-prompt';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { useStartLogin } from '../features/auth/use-start-login';
import { showToast } from '../features/toasts/toast.thunks';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';
import { overlayIn, useOverlay, withOverlay } from '../routing/overlay';
import { useAppDispatch } from '../state/hooks';
import { useBindNavigation } from './app-navigation';
import { AlbumCreationNamePrompt } from './comments-wiring';
import { MountWhenWanted } from './mount-when-wanted.component';

const CreateAlbumOverlay = lazyPart(() =>
  withStrings(['albumCreation'], import('../features/album-creation/create-album-overlay.component')).then(
    (module) => module.CreateAlbumOverlay,
  ),
);
const SharePromptOverlay = lazyPart(() =>
  withStrings(['albumCreation'], import('../features/album-creation/share-prompt-overlay.component')).then(
    (module) => module.SharePromptOverlay,
  ),
);
const AlbumPickerDialog = lazyPart(() =>
  withStrings(['albumPicker'], import('../features/album-picker/album-picker-dialog.component')).then(
    (module) => module.AlbumPickerDialog,
  ),
);

/**
 * create_album asked for by a signed-out guest: the name prompt (albumCreation) first; after
 * registering or signing in, the remembered createAlbumFrom opens the overlay again.
 */
function GuestAlbumCreation({ open }: { open: boolean }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { closeOverlay } = useOverlay();
  const login = useStartLogin();
  const query = withOverlay(new URLSearchParams(location.search), null).toString();
  const here = `${location.pathname}${query ? `?${query}` : ''}`;
  const leave = () => {
    dispatch(albumDraftActions.overlayClosed());
    closeOverlay();
  };
  return (
    <AlbumCreationNamePrompt
      open={open}
      {...guestPromptProps({ type: 'createAlbumFrom', params: {}, redirectTo: here }, login, leave)}
    />
  );
}

/** The create_album and share_prompt overlays and the album picker, each fetched when first wanted. */
export function AlbumCreationOverlays() {
  useBindNavigation();
  const addressed = overlayIn(new URLSearchParams(useLocation().search));
  const createOpen = useSelector(selectAlbumDraftState).overlay.open;
  const status = useSelector(selectLoginStatus);
  const signedIn = status === 'AUTHENTICATED';
  const guest = !signedIn && status !== 'FETCHING';
  const picking = useSyncExternalStore(onPickRequestChange, currentPickRequest) !== null;
  const dispatch = useAppDispatch();
  return (
    <>
      <MountWhenWanted wanted={createOpen || addressed === 'create_album'}>
        {guest ? (
          <GuestAlbumCreation open={createOpen || addressed === 'create_album'} />
        ) : (
          <CreateAlbumOverlay signedIn={signedIn} />
        )}
      </MountWhenWanted>
      <MountWhenWanted wanted={addressed === 'share_prompt'}>
        <SharePromptOverlay onLinkCopied={() => void dispatch(showToast({ type: 'linkWasCopied' }))} />
      </MountWhenWanted>
      <MountWhenWanted wanted={picking}>
        <AlbumPickerDialog />
      </MountWhenWanted>
    </>
  );
}
