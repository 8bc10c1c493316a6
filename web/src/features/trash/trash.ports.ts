import type { Dispatch } from '@reduxjs/toolkit';

/** Toast types the album trash reports with (a subset of features/toasts' catalogue, core.md §8). */
export type TrashToastType =
  | 'trashAlbumsRestoreSuccess'
  | 'trashAlbumsRestoreFailed'
  | 'trashAlbumsDeleteSuccess'
  | 'trashAlbumsDeleteFailed'
  | 'filesDownloadFailed'
  | 'genericError';

export interface TrashToast {
  type: TrashToastType;
  params?: Record<string, string | number>;
}

/**
 * What the album trash needs from features it may not import (the delete-forever confirmation,
 * toasts); app/ fills it at start-up, tests with recorders.
 */
export interface TrashPorts {
  confirmDeleteForever(dispatch: Dispatch, count: number): Promise<boolean>;
  showToast(dispatch: Dispatch, toast: TrashToast): void;
}

const unwired: TrashPorts = { confirmDeleteForever: async () => false, showToast: () => {} };
let ports: TrashPorts = unwired;

export const trashPorts = (): TrashPorts => ports;

export function setTrashPorts(next: TrashPorts | null): void {
  ports = next ?? unwired;
}
