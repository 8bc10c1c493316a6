import { onUnauthenticated } from '../../api/client';
import type { AppDispatch } from '../../state/store';
import { handleUnauthenticated } from './login.thunks';

/** Every 401 for a request that carried the token ends the session (session-expired prompt). */
export function syncAuth(dispatch: AppDispatch): () => void {
  return onUnauthenticated((error) => handleUnauthenticated(dispatch, error.reason));
}
