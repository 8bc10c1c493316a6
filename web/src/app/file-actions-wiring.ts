import { albumIdToB64 } from '@nordlys/contract/album-id';
import { selectAccount } from '../features/account/account.slice';
import { albumDraftActions } from '../features/album-creation/album-draft.slice';
import { requestAlbumPick } from '../features/album-picker/album-picker.requests';
import { requestConfirm, showAlert } from '../features/dialogs/dialog.api';
import type { DownloadLimitAlert } from '../features/downloads/download-split';
import { editorPath } from '../features/editor/editor.screens';
import { requestShare } from '../features/sharing/share-dialog.requests';
import { resolveToast, showToast } from '../features/toasts/toast.thunks';
import { setFileActionPorts } from '../file-actions/file-action.ports';
import type { AppDispatch, AppStore } from '../state/store';
import { navigateTo } from './app-navigation';
import { openSubscriptionRequired } from './subscriptions-wiring';

/** core.md §8: the OK dialogs for a download over the limits. */
const ALERT_PRESETS = {
  tooManyFiles: 'downloadCountLimitSelection',
  tooLarge: 'downloadSizeLimitSelection',
  albumTooManyFiles: 'downloadCountLimitAlbum',
  albumTooLarge: 'downloadSizeLimitAlbum',
} as const satisfies Record<DownloadLimitAlert, string>;

/** Gives the shared file actions their confirmations, toasts and the storage popup. */
export function wireFileActions(getState: AppStore['getState'], productName = 'Nordlys'): () => void {
  setFileActionPorts({
    confirm: (dispatch, request) => requestConfirm(dispatch, request),
    showToast: (dispatch, toast) => (dispatch as AppDispatch)(showToast(toast)),
    resolveToast: (dispatch, id, toast) => (dispatch as AppDispatch)(resolveToast(id, toast)),
    notEnoughStorage: (dispatch, situation) => {
      const account = selectAccount(getState());
      void requestConfirm(dispatch, {
        preset: situation === 'restore' ? 'notEnoughStorageForRestore' : 'notEnoughStorageForAdd',
        params: { usedStorage: account?.used_space ?? 0, maxStorage: account?.max_space ?? 0 },
      });
    },
    pickAlbum: async (_dispatch, currentAlbumId) => {
      const choice = await requestAlbumPick({ currentAlbumId });
      if (!choice) return null;
      return choice.kind === 'new' ? choice : { kind: 'album', albumId: choice.album.id };
    },
    createAlbumWith: (dispatch, fileIds) =>
      dispatch(albumDraftActions.overlayOpened({ preselected: [...fileIds] })),
    share: (_dispatch, files, signedIn) => requestShare({ files, signedIn }),
    // The archive download and the browser's transfer come with the first download.
    downloadArchives: async (dispatch, { from, files, kind, title, password }) => {
      const [{ downloadFilesAsArchives }, { browserTransfer }] = await Promise.all([
        import('../features/downloads/archive-download'),
        import('../file-actions/browser-transfer'),
      ]);
      return downloadFilesAsArchives(dispatch, browserTransfer(), {
        source: { ...from, mode: 'download', password: password ?? null },
        files,
        kind,
        title: title ?? null,
        productName,
        year: new Date().getFullYear(),
        alert: (alert) => showAlert(dispatch, { preset: ALERT_PRESETS[alert] }),
      });
    },
    openAlbum: (albumId) => navigateTo(`/albums/${albumIdToB64(albumId)}`),
    openEditor: (file, jobId) =>
      navigateTo(editorPath(jobId, file.fileID), {
        state: { openedFromApp: true, returnTo: window.location.pathname },
      }),
    subscriptionRequired: openSubscriptionRequired,
  });
  return () => setFileActionPorts(null);
}
