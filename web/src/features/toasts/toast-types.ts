/** Status toast catalogue (core.md §8, account.md §8). Texts live in toasts.json under types.<id>. */
export type ToastTone = 'info' | 'error' | 'pending';

interface ToastTypeDef {
  tone: ToastTone;
  /** Overrides the default display time. */
  durationMs?: number;
  /** Only one at a time: a repeat restarts the visible one instead of stacking a copy. */
  unique?: boolean;
}

export const TOAST_DURATION_MS = 4000;
export const ALBUM_COPY_FAILURE_DURATION_MS = 5500;
export const TOAST_FADE_MS = 300;

const info: ToastTypeDef = { tone: 'info' };
const error: ToastTypeDef = { tone: 'error' };
const pending: ToastTypeDef = { tone: 'pending' };

export const TOAST_TYPES = {
  // Files, albums, shares, trash (core.md §8)
  albumCoverPhotoSet: info,
  setAlbumCoverPhotoFailed: error,
  filesDeleted: info,
  filesDeletionFailed: error,
  trashFilesDeleted: info,
  trashFilesDeletionFailed: error,
  jobCopiedToTimeline: info,
  jobCopiedToTimelineFailed: { tone: 'error', durationMs: ALBUM_COPY_FAILURE_DURATION_MS },
  filesCopiedToTimeline: info,
  filesCopiedToTimelineFailed: error,
  shareCopiedToTimeline: info,
  shareCopiedToTimelineFailed: error,
  filesCopiedToAlbum: info,
  filesCopiedToAlbumFailed: error,
  deleteAlbumFailed: error,
  unsubscribeAlbumFailed: error,
  shareDeleted: info,
  shareDeletionFailed: error,
  shareCreationFailed: error,
  filesWereShared: info,
  filesDownloadFailed: error,
  filesWereRestored: info,
  filesRestorationFailed: error,
  linkWasCopied: { tone: 'info', unique: true },
  imageCopiedToClipboard: info,
  imageCopyToClipboardFailed: error,
  autoCreatedAlbum: info,
  albumChangedToPrivate: info,
  maxSelectionCountReached: { tone: 'info', unique: true },
  trashAlbumsRestoreSuccess: info,
  trashAlbumsRestoreFailed: error,
  trashAlbumsDeleteSuccess: info,
  trashAlbumsDeleteFailed: error,
  changesSaved: { tone: 'info', unique: true },
  // In progress until resolved
  deletingFiles: pending,
  restoringFiles: pending,
  copyingFiles: pending,
  preparingDownload: pending,
  // Account and billing (account.md §8)
  purchaseSuccessful: info,
  purchaseFailed: error,
  planCanceled: info,
  planCancelFailed: error,
  planChangeSucceeded: info,
  planChangeFailed: error,
  planReactivated: info,
  planReactivationFailed: error,
  stripeSetupIntentCreated: info,
  subscriptionFetchFailed: error,
  cardUpdateFailed: error,
  cardDeleteFailed: error,
  changeProfilePictureFailed: error,
  userNameChangeFailed: error,
  emailSubscribeSettingsChanged: info,
  copyFailed: error,
  // The service host directory lacks a host (account.md §5): held longer, it explains what follows.
  invalidServiceDict: { tone: 'error', durationMs: 8000, unique: true },
  genericError: error,
} as const satisfies Record<string, ToastTypeDef>;

export type ToastType = keyof typeof TOAST_TYPES;

/** Labels for a toast's action button, under actions.<id> in toasts.json. */
export const TOAST_ACTION_LABELS = ['undo', 'retry', 'openAlbum', 'viewFiles', 'subscribe'] as const;
export type ToastActionLabel = (typeof TOAST_ACTION_LABELS)[number];

export const toastTone = (type: ToastType): ToastTone => TOAST_TYPES[type].tone;

export function toastDuration(type: ToastType): number {
  const def: ToastTypeDef = TOAST_TYPES[type];
  return def.durationMs ?? TOAST_DURATION_MS;
}

export const isUniqueToast = (type: ToastType): boolean =>
  (TOAST_TYPES[type] as ToastTypeDef).unique === true;
