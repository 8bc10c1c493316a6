import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';

export type DialogParams = Record<string, string | number>;

/** An open confirm or alert; only keys and params, so the store stays serialisable. */
export interface DialogRecord {
  id: string;
  kind: 'confirm' | 'alert';
  titleKey: string;
  messageKey?: string;
  params?: DialogParams;
  confirmLabelKey: string;
  cancelLabelKey: string;
  danger: boolean;
  /** Where confirming leads (an app path), for popups whose confirm button is a way onward. */
  confirmTo?: string;
}

export interface DialogState {
  /** The first entry is shown; later requests wait their turn. */
  queue: DialogRecord[];
}

const initialState: DialogState = { queue: [] };

export const dialogSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    dialogRequested(state, action: PayloadAction<DialogRecord>) {
      state.queue.push(action.payload);
    },
    dialogClosed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((dialog) => dialog.id !== action.payload);
    },
  },
  selectors: {
    selectOpenDialog: (state) => state.queue[0] ?? null,
  },
});

export const { dialogRequested, dialogClosed } = dialogSlice.actions;

const injected = dialogSlice.injectInto(rootReducer);
export const { selectOpenDialog } = injected.selectors;
