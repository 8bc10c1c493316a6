import { useEffect, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectLoginStatus } from '../features/auth/login-status.slice';
import { UserDisabledRedirect } from '../features/auth/user-disabled-redirect.component';
import { ConnectivityBanner } from '../features/connectivity/connectivity-banner.component';
import { selectOpenDialog } from '../features/dialogs/dialog.slice';
import { selectDownloaderMode } from '../features/downloads/downloader.slice';
import { QaMarker } from '../features/flags/qa-marker.component';
import { currentShareRequest, onShareRequestChange } from '../features/sharing/share-dialog.requests';
import {
  currentSubscriptionRequest,
  onSubscriptionRequestChange,
} from '../features/subscriptions/subscription-wizard.requests';
import { showToast } from '../features/toasts/toast.thunks';
import { ToastHost } from '../features/toasts/toast-host.component';
import { withStrings } from '../i18n/i18n';
import { lazyPart } from '../routing/lazy-part';
import type { AppDispatch } from '../state/store';
import { AlbumCreationOverlays } from './album-creation-overlays.component';
import { useAppEnvironment } from './app-environment.context';
import { CastingBarMount } from './casting-bar-mount.component';
import { startCasting } from './casting-wiring';
import { MountWhenWanted } from './mount-when-wanted.component';
import { PrivacyOverlays } from './privacy-wiring';
import { createSharedAlbum } from './sharing-wiring';
import {
  StorageWarningPopups,
  UploadOutOfStoragePopup,
  useSubscriptionWizardProps,
} from './subscriptions-wiring';
import { UploadOnDemand } from './upload-on-demand.component';
import { UsageStatsTracker } from './usage-stats-wiring';

// The dialogs (and the modal layer under them) are fetched the first time one opens.
const DialogHost = lazyPart(() =>
  withStrings(['dialogs'], import('../features/dialogs/dialog-host.component')).then(
    (module) => module.DialogHost,
  ),
);
const ShareDialog = lazyPart(() =>
  withStrings(['sharing'], import('../features/sharing/share-dialog.component')).then(
    (module) => module.ShareDialog,
  ),
);
// The downloader (modal and progress box) is fetched when a download in parts starts.
const Downloader = lazyPart(() =>
  withStrings(['downloads'], import('../features/downloads/downloader.component')).then(
    (module) => module.Downloader,
  ),
);
const SubscriptionWizard = lazyPart(() =>
  withStrings(['subscriptions'], import('../features/subscriptions/subscription-wizard.component')).then(
    (module) => module.SubscriptionWizard,
  ),
);
const SessionExpiredDialog = lazyPart(() =>
  import('../features/auth/session-expired-dialog.component').then((module) => module.SessionExpiredDialog),
);

/**
 * Composition point for everything mounted once, above every screen (core.md §2 "Always-present
 * overlays"): toasts, download-progress box, out-of-storage popup, confirm and alert dialogs,
 * casting bar, upload status panel, connectivity banner, and the QA marker. Each feature mounts
 * its root component here; nothing else in the app needs to change.
 */
export function AlwaysPresentOverlays() {
  const { onStagingHost, config } = useAppEnvironment();
  useEffect(() => startCasting(config), [config]);
  const dialogOpen = useSelector(selectOpenDialog) !== null;
  const sessionExpired = useSelector(selectLoginStatus) === 'UNAUTHENTICATED';
  const dispatch = useDispatch();
  const sharing = useSyncExternalStore(onShareRequestChange, currentShareRequest) !== null;
  const downloading = useSelector(selectDownloaderMode) !== 'off';
  const subscribing = useSyncExternalStore(onSubscriptionRequestChange, currentSubscriptionRequest) !== null;
  const wizard = useSubscriptionWizardProps();
  return (
    <>
      <ConnectivityBanner />
      <ToastHost />
      <UploadOnDemand />
      <AlbumCreationOverlays />
      <MountWhenWanted wanted={dialogOpen}>
        <DialogHost />
      </MountWhenWanted>
      <MountWhenWanted wanted={sharing}>
        <ShareDialog
          onCreateAlbum={(name, files) => createSharedAlbum(dispatch, name, files)}
          onLinkCopied={() => void (dispatch as AppDispatch)(showToast({ type: 'linkWasCopied' }))}
        />
      </MountWhenWanted>
      <MountWhenWanted wanted={downloading}>
        <Downloader
          onFailed={(fileIds) =>
            void (dispatch as AppDispatch)(
              showToast({
                type: 'filesDownloadFailed',
                params: { count: fileIds.length },
                fileIds: [...fileIds],
              }),
            )
          }
        />
      </MountWhenWanted>
      <StorageWarningPopups />
      <UploadOutOfStoragePopup />
      <MountWhenWanted wanted={subscribing && wizard !== null}>
        {wizard && <SubscriptionWizard {...wizard} />}
      </MountWhenWanted>
      <MountWhenWanted wanted={sessionExpired}>
        <SessionExpiredDialog />
      </MountWhenWanted>
      <CastingBarMount />
      <UserDisabledRedirect />
      <PrivacyOverlays />
      <UsageStatsTracker />
      <QaMarker onStagingHost={onStagingHost} />
    </>
  );
}
