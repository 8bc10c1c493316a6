import type { Dispatch } from '@reduxjs/toolkit';
import { type DialogParams, dialogClosed, dialogRequested } from './dialog.slice';
import {
  type AlertPreset,
  type ConfirmPreset,
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_ITEMS,
  presetTexts,
} from './dialog-presets';

/** Custom texts: full i18n keys with their namespace, e.g. 'albums:leave.title'. */
export interface CustomDialogTexts {
  titleKey: string;
  messageKey?: string;
  confirmLabelKey?: string;
  cancelLabelKey?: string;
  danger?: boolean;
}

export type DialogRequest<P extends string> = ({ preset: P } | CustomDialogTexts) & { params?: DialogParams };

// Promise resolvers stay out of the store (functions are not serialisable).
const resolvers = new Map<string, (answer: boolean) => void>();
let counter = 0;

const DEFAULT_PARAMS: DialogParams = { max: DOWNLOAD_MAX_ITEMS, maxSize: DOWNLOAD_MAX_BYTES };

function open(
  dispatch: Dispatch,
  kind: 'confirm' | 'alert',
  request: DialogRequest<string>,
): Promise<boolean> {
  counter += 1;
  const id = `dialog-${counter}`;
  const texts =
    'preset' in request
      ? presetTexts(request.preset as ConfirmPreset | AlertPreset)
      : {
          titleKey: request.titleKey,
          messageKey: request.messageKey,
          confirmLabelKey: request.confirmLabelKey ?? (kind === 'alert' ? 'dialogs:ok' : 'dialogs:confirm'),
          cancelLabelKey: request.cancelLabelKey ?? 'dialogs:cancel',
          danger: request.danger ?? false,
        };
  return new Promise<boolean>((resolve) => {
    resolvers.set(id, resolve);
    dispatch(dialogRequested({ id, kind, ...texts, params: { ...DEFAULT_PARAMS, ...request.params } }));
  });
}

/** Asks the user; resolves true on confirm, false on cancel, Escape or a click outside. */
export function requestConfirm(dispatch: Dispatch, request: DialogRequest<ConfirmPreset>): Promise<boolean> {
  return open(dispatch, 'confirm', request);
}

/** Shows an OK dialog; resolves when it is closed. */
export async function showAlert(dispatch: Dispatch, request: DialogRequest<AlertPreset>): Promise<void> {
  await open(dispatch, 'alert', request);
}

/** Called by the DialogHost when the user answers. */
export function answerDialog(dispatch: Dispatch, id: string, answer: boolean): void {
  const resolve = resolvers.get(id);
  resolvers.delete(id);
  dispatch(dialogClosed(id));
  resolve?.(answer);
}
