import type { AppDispatch } from '../../state/store';

/** Confirmations, toasts and the end of the session belong to other features; app/ plugs them in. */
export interface DevicesPorts {
  /** Asks 'log out <name>?' with the confirm label 'log out'; true when confirmed. */
  confirmRemoval(dispatch: AppDispatch, deviceName: string): Promise<boolean>;
  removalFailed(dispatch: AppDispatch): void;
  /** This browser's own device was removed: its session is over. */
  currentDeviceRemoved(dispatch: AppDispatch): void;
}

let ports: DevicesPorts = {
  confirmRemoval: async () => false,
  removalFailed: () => {},
  currentDeviceRemoved: () => {},
};

export const devicesPorts = (): DevicesPorts => ports;

export function setDevicesPorts(next: Partial<DevicesPorts>): void {
  ports = { ...ports, ...next };
}
