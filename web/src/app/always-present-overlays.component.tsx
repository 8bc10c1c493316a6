import {
  SessionExpiredDialog,
  UserDisabledRedirect,
} from '../features/auth/session-expired-dialog.component';
import { ConnectivityBanner } from '../features/connectivity/connectivity-banner.component';
import { DialogHost } from '../features/dialogs/dialog-host.component';
import { QaMarker } from '../features/flags/qa-marker.component';
import { ToastHost } from '../features/toasts/toast-host.component';
import { UploadOverlay } from '../features/upload/upload-overlay.component';
import { useAppEnvironment } from './app-environment.context';

/**
 * Composition point for everything mounted once, above every screen (core.md §2 "Always-present
 * overlays"): toasts, download-progress box, out-of-storage popup, confirm and alert dialogs,
 * casting bar, upload status panel, connectivity banner, and the QA marker. Each feature mounts
 * its root component here; nothing else in the app needs to change.
 */
export function AlwaysPresentOverlays() {
  const { onStagingHost } = useAppEnvironment();
  return (
    <>
      <ConnectivityBanner />
      <ToastHost />
      <UploadOverlay />
      <DialogHost />
      <SessionExpiredDialog />
      <UserDisabledRedirect />
      <QaMarker onStagingHost={onStagingHost} />
    </>
  );
}
