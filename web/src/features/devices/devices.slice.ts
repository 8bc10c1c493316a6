import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectedDevice, DevicesResponse } from '../../api/account.api';
import { rootReducer } from '../../state/store';

export type DevicesStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface DevicesState {
  status: DevicesStatus;
  /** The id of the device this browser is signed in as. */
  current: string | null;
  devices: ConnectedDevice[];
  /** The device whose removal is in flight. */
  removing: string | null;
}

const initialState: DevicesState = { status: 'idle', current: null, devices: [], removing: null };

export const devicesSlice = createSlice({
  name: 'devices',
  initialState,
  reducers: {
    devicesRequested(state) {
      state.status = 'loading';
    },
    devicesLoaded(state, action: PayloadAction<DevicesResponse>) {
      state.status = 'loaded';
      state.current = action.payload.current;
      state.devices = action.payload.devices;
    },
    devicesFailed(state) {
      state.status = 'failed';
    },
    deviceRemovalStarted(state, action: PayloadAction<string>) {
      state.removing = action.payload;
    },
    deviceRemoved(state, action: PayloadAction<string>) {
      state.devices = state.devices.filter((device) => device.id !== action.payload);
      if (state.removing === action.payload) state.removing = null;
    },
    deviceRemovalEnded(state) {
      state.removing = null;
    },
    devicesCleared() {
      return initialState;
    },
  },
  selectors: {
    selectDevicesState: (state) => state,
  },
});

export const {
  devicesRequested,
  devicesLoaded,
  devicesFailed,
  deviceRemovalStarted,
  deviceRemoved,
  deviceRemovalEnded,
  devicesCleared,
} = devicesSlice.actions;

const injected = devicesSlice.injectInto(rootReducer);
export const { selectDevicesState } = injected.selectors;

/** The current device first, then the most recently used. */
export function sortDevices(devices: readonly ConnectedDevice[], current: string | null): ConnectedDevice[] {
  return [...devices].sort((a, b) => {
    if (a.id === current) return -1;
    if (b.id === current) return 1;
    return (b.last_seen_at || b.created_at) - (a.last_seen_at || a.created_at);
  });
}
