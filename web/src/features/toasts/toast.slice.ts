import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import { type ToastActionLabel, type ToastType, toastTone } from './toast-types';

export type ToastParams = Record<string, string | number>;

export interface ToastAction {
  label: ToastActionLabel;
  callbackId: string;
}

export interface Toast {
  id: string;
  type: ToastType;
  params?: ToastParams;
  /** Related job and files (the spec's toast entity), for callers that look toasts up. */
  jobId?: string;
  fileIds?: string[];
  action?: ToastAction;
  /** True for in-progress toasts, which stay until resolved. */
  pending: boolean;
  /** True during the fade-out before removal. */
  leaving: boolean;
}

export interface ToastState {
  items: Toast[];
}

const initialState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded(state, action: PayloadAction<Omit<Toast, 'pending' | 'leaving'>>) {
      state.items.push({
        ...action.payload,
        pending: toastTone(action.payload.type) === 'pending',
        leaving: false,
      });
    },
    toastUpdated(
      state,
      action: PayloadAction<
        { id: string } & Partial<Pick<Toast, 'type' | 'params' | 'action' | 'jobId' | 'fileIds'>>
      >,
    ) {
      const toast = state.items.find((item) => item.id === action.payload.id);
      if (!toast) return;
      Object.assign(toast, action.payload);
      toast.pending = toastTone(toast.type) === 'pending';
      toast.leaving = false;
    },
    toastLeaving(state, action: PayloadAction<string>) {
      const toast = state.items.find((item) => item.id === action.payload);
      if (toast) toast.leaving = true;
    },
    toastRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
    selectHasPendingToast: (state) => state.items.some((item) => item.pending),
  },
});

export const { toastAdded, toastUpdated, toastLeaving, toastRemoved } = toastSlice.actions;

const injected = toastSlice.injectInto(rootReducer);
export const { selectToasts, selectHasPendingToast } = injected.selectors;
