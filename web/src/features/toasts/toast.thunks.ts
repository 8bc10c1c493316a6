import type { AppDispatch } from '../../state/store';
import {
  selectToasts,
  type Toast,
  type ToastParams,
  toastAdded,
  toastLeaving,
  toastRemoved,
  toastUpdated,
} from './toast.slice';
import { dropToastCallback, registerToastCallback, runToastCallback } from './toast-actions';
import {
  isUniqueToast,
  TOAST_FADE_MS,
  type ToastActionLabel,
  type ToastType,
  toastDuration,
  toastTone,
} from './toast-types';

type GetState = () => unknown;
type Thunk<R> = (dispatch: AppDispatch, getState: GetState) => R;

export interface ShowToastOptions {
  type: ToastType;
  /** i18n interpolation values; pass `count` for the singular/plural texts. */
  params?: ToastParams;
  jobId?: string;
  fileIds?: string[];
  /** A button such as Undo or Retry; the toast closes when it is clicked. */
  action?: { label: ToastActionLabel; onClick: () => void };
}

// Timers are per toast id and live outside the store (they are not data).
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

// Thunks see the root state untyped (slices are injected lazily); the injected selector knows its key.
const toastsOf = (state: unknown): Toast[] => selectToasts(state as Parameters<typeof selectToasts>[0]);

function findToast(getState: GetState, id: string): Toast | undefined {
  return toastsOf(getState()).find((toast) => toast.id === id);
}

function fadeOut(dispatch: AppDispatch, getState: GetState, id: string): void {
  clearTimer(id);
  if (!findToast(getState, id)) return;
  dispatch(toastLeaving(id));
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      dropToastCallback(findToast(getState, id)?.action?.callbackId);
      dispatch(toastRemoved(id));
    }, TOAST_FADE_MS),
  );
}

function scheduleAutoDismiss(dispatch: AppDispatch, getState: GetState, id: string, type: ToastType): void {
  clearTimer(id);
  if (toastTone(type) === 'pending') return;
  timers.set(
    id,
    setTimeout(() => fadeOut(dispatch, getState, id), toastDuration(type)),
  );
}

function toActionRecord(action: ShowToastOptions['action']) {
  return action ? { label: action.label, callbackId: registerToastCallback(action.onClick) } : undefined;
}

/** Shows a status toast; it dismisses itself after 4 s (5.5 s for an album-copy failure). Returns its id. */
export function showToast(options: ShowToastOptions): Thunk<string> {
  return (dispatch, getState) => {
    if (isUniqueToast(options.type)) {
      const existing = toastsOf(getState()).find((toast) => toast.type === options.type && !toast.leaving);
      if (existing) {
        dispatch(toastUpdated({ id: existing.id, params: options.params }));
        scheduleAutoDismiss(dispatch, getState, existing.id, options.type);
        return existing.id;
      }
    }
    counter += 1;
    const id = `toast-${counter}`;
    dispatch(
      toastAdded({
        id,
        type: options.type,
        params: options.params,
        jobId: options.jobId,
        fileIds: options.fileIds,
        action: toActionRecord(options.action),
      }),
    );
    scheduleAutoDismiss(dispatch, getState, id, options.type);
    return id;
  };
}

/**
 * Turns a pending toast into its outcome (e.g. deletingFiles -> filesDeleted with Undo), which then
 * dismisses itself like any other toast.
 */
export function resolveToast(id: string, outcome: ShowToastOptions): Thunk<void> {
  return (dispatch, getState) => {
    const toast = findToast(getState, id);
    if (!toast) {
      dispatch(showToast(outcome));
      return;
    }
    dropToastCallback(toast.action?.callbackId);
    dispatch(
      toastUpdated({
        id,
        type: outcome.type,
        params: outcome.params,
        jobId: outcome.jobId ?? toast.jobId,
        fileIds: outcome.fileIds ?? toast.fileIds,
        action: toActionRecord(outcome.action),
      }),
    );
    scheduleAutoDismiss(dispatch, getState, id, outcome.type);
  };
}

/** Starts the 0.3 s fade-out, then removes the toast. */
export function dismissToast(id: string): Thunk<void> {
  return (dispatch, getState) => fadeOut(dispatch, getState, id);
}

/** Runs the toast's action callback and closes it. */
export function runToastAction(id: string): Thunk<void> {
  return (dispatch, getState) => {
    const callbackId = findToast(getState, id)?.action?.callbackId;
    fadeOut(dispatch, getState, id);
    if (callbackId) runToastCallback(callbackId);
  };
}
