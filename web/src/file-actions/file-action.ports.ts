import type { Dispatch } from '@reduxjs/toolkit';
import type { DownloadableFile, FileActionFile } from './file-action.types';

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
  | 'setAlbumCoverPhotoFailed'
  | 'filesCopiedToAlbum'
  | 'filesCopiedToAlbumFailed'
  | 'jobCopiedToTimeline'
  | 'jobCopiedToTimelineFailed'
  | 'filesWereShared'
  | 'shareCreationFailed';

export interface FileActionToast {
  type: FileActionToastType;
  params?: Record<string, string | number>;
  jobId?: string;
  fileIds?: string[];
  action?: { label: 'undo' | 'retry' | 'openAlbum'; onClick: () => void };
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
  /** account.md §4 storage popups: not enough storage for files being added. */
  notEnoughStorage?(dispatch: Dispatch, situation: 'add' | 'restore'): void;
  /** The album picker (core.md §2); null when cancelled, 'new' for the New album tile. */
  pickAlbum?(
    dispatch: Dispatch,
    currentAlbumId: string | null,
  ): Promise<{ kind: 'album'; albumId: string } | { kind: 'new' } | null>;
  /** Starts album creation with these files already chosen (the picker's New album tile). */
  createAlbumWith?(dispatch: Dispatch, fileIds: readonly string[]): void;
  /**
   * Several files as ZIP archives (features/downloads): one archive within the limits (core.md
   * §5: at most 500 items and 3.5 GB), else the limit alert and the downloader with the parts.
   */
  downloadArchives?(
    dispatch: Dispatch,
    request: {
      /** A job's files, or a share's (minted through the share and its password). */
      from: { jobId: string } | { shareId: string };
      files: readonly DownloadableFile[];
      kind: 'selection' | 'album';
      /** The album's title, for an album. */
      title?: string;
      /** A password album's transformed password, or a share's as typed, for a visitor. */
      password?: string | null;
    },
  ): Promise<{ okIds: string[]; failedIds: string[] }>;
  /** The share dialog for these files; how it ended. */
  share?(
    dispatch: Dispatch,
    files: readonly FileActionFile[],
    signedIn: boolean,
  ): Promise<'shared' | 'cancelled' | 'failed'>;
  /** Opens an album page (the link on filesCopiedToAlbum). */
  openAlbum?(albumId: string): void;
  /** Opens the photo editor over one picture of a job (account.md §2 Photo editor). */
  openEditor?(file: FileActionFile, jobId: string): void;
  /**
   * A read-only account tried an action that needs a subscription: the Subscription overlay
   * (account.md §4, "when a subscription is required").
   */
  subscriptionRequired?(): void;
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

/** Trying an action the read-only account may not take asks for a subscription instead. */
export function offerSubscription(): void {
  ports.subscriptionRequired?.();
}
