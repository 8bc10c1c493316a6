import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isOnline } from '../../api/client';
import { rootReducer } from '../../state/store';

export interface ConnectivityState {
  online: boolean;
}

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState: (): ConnectivityState => ({ online: isOnline() }),
  reducers: {
    connectivityChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
  selectors: {
    selectIsOnline: (state) => state.online,
  },
});

export const { connectivityChanged } = connectivitySlice.actions;

const injected = connectivitySlice.injectInto(rootReducer);
export const { selectIsOnline } = injected.selectors;
