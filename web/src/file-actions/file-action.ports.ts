import type { Dispatch } from '@reduxjs/toolkit';

/** Toast types the actions report with (a subset of features/toasts' catalogue). */
export type FileActionToastType =
  | 'deletingFiles'
  | 'filesDeleted'
  | 'filesDeletionFailed'
  | 'restoringFiles'
  | 'filesWereRestored'
  | 'filesRestorationFailed'
  | 'trashFilesDeleted'
  | 'trashFilesDeletionFailed'
  | 'copyingFiles'
  | 'filesCopiedToTimeline'
  | 'filesCopiedToTimelineFailed'
  | 'preparingDownload'
  | 'filesDownloadFailed'
  | 'imageCopiedToClipboard'
  | 'imageCopyToClipboardFailed'
  | 'albumCoverPhotoSet'
  | 'setAlbumCoverPhotoFailed';

export interface FileActionToast {
  type: FileActionToastType;
  params?: Record<string, string | number>;
  jobId?: string;
  fileIds?: string[];
  action?: { label: 'undo' | 'retry'; onClick: () => void };
}

/**
 * What the actions need from features they may not import (dialogs, toasts). The app fills these
 * at start-up (app/file-actions-wiring.ts); tests fill them with recorders.
 */
export interface FileActionPorts {
  confirm(
    dispatch: Dispatch,
    request: { preset: 'deleteFile' | 'deleteForever'; params?: Record<string, string | number> },
  ): Promise<boolean>;
  showToast(dispatch: Dispatch, toast: FileActionToast): string;
  resolveToast(dispatch: Dispatch, id: string, toast: FileActionToast): void;
}

const unwired: FileActionPorts = {
  confirm: async () => false,
  showToast: () => '',
  resolveToast: () => undefined,
};

let ports: FileActionPorts = unwired;

export const fileActionPorts = (): FileActionPorts => ports;

export function setFileActionPorts(next: FileActionPorts | null): void {
  ports = next ?? unwired;
}
