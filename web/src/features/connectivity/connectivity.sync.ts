import type { Dispatch } from '@reduxjs/toolkit';
import { isOnline, onConnectivityChange } from '../../api/client';
import { connectivityChanged } from './connectivity.slice';

/**
 * Feeds the slice from the API client (a failed fetch means offline, any answer means online) and
 * from the browser's own offline event, which fires before any request fails. Returns an unsubscribe.
 */
export function syncConnectivity(dispatch: Dispatch): () => void {
  dispatch(connectivityChanged(isOnline()));
  const stopClient = onConnectivityChange((online) => dispatch(connectivityChanged(online)));
  const onOffline = () => dispatch(connectivityChanged(false));
  // The browser's 'online' only means a network link exists; wait for the client to reach the server.
  const onOnline = () => dispatch(connectivityChanged(isOnline()));
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    stopClient();
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}
