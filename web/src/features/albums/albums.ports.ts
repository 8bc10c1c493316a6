import type { Dispatch } from '@reduxjs/toolkit';

/** Toast types the album screens report with (a subset of features/toasts' catalogue, core.md §8). */
export type AlbumToastType =
  | 'deleteAlbumFailed'
  | 'unsubscribeAlbumFailed'
  | 'albumChangedToPrivate'
  | 'changesSaved'
  | 'linkWasCopied'
  | 'genericError';

export interface AlbumToast {
  type: AlbumToastType;
  jobId?: string;
  action?: { label: 'retry'; onClick: () => void };
}

/**
 * What the album screens need from features they may not import (dialogs, toasts); app/ fills it
 * at start-up, tests with recorders.
 */
export interface AlbumsPorts {
  confirm(dispatch: Dispatch, preset: 'deleteAlbum' | 'unsubscribeAlbum'): Promise<boolean>;
  showToast(dispatch: Dispatch, toast: AlbumToast): void;
  /** A file was added to an open album: the account's storage counts are read again. */
  refreshStorage(dispatch: Dispatch): void;
}

const unwired: AlbumsPorts = { confirm: async () => false, showToast: () => {}, refreshStorage: () => {} };
let ports: AlbumsPorts = unwired;

export const albumsPorts = (): AlbumsPorts => ports;

export function setAlbumsPorts(next: AlbumsPorts | null): void {
  ports = next ?? unwired;
}
