import { deleteDevice, getDevices } from '../../api/account.api';
import type { AppDispatch } from '../../state/store';
import { devicesPorts } from './devices.ports';
import {
  deviceRemovalEnded,
  deviceRemovalStarted,
  deviceRemoved,
  devicesFailed,
  devicesLoaded,
  devicesRequested,
} from './devices.slice';

export async function loadDevices(dispatch: AppDispatch): Promise<void> {
  dispatch(devicesRequested());
  try {
    dispatch(devicesLoaded(await getDevices()));
  } catch {
    dispatch(devicesFailed());
  }
}

export type RemovalOutcome = 'cancelled' | 'removed' | 'loggedOut' | 'failed';

/** Removal after confirmation (account.md §4); removing this browser's own device logs it out. */
export async function removeDevice(
  dispatch: AppDispatch,
  device: { id: string; name: string },
  currentId: string | null,
): Promise<RemovalOutcome> {
  const ports = devicesPorts();
  if (!(await ports.confirmRemoval(dispatch, device.name))) return 'cancelled';
  dispatch(deviceRemovalStarted(device.id));
  try {
    await deleteDevice(device.id);
  } catch {
    dispatch(deviceRemovalEnded());
    ports.removalFailed(dispatch);
    return 'failed';
  }
  dispatch(deviceRemoved(device.id));
  if (device.id === currentId) {
    ports.currentDeviceRemoved(dispatch);
    return 'loggedOut';
  }
  return 'removed';
}
