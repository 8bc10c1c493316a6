import { useSyncExternalStore } from 'react';
import type { CastController } from './cast-controller';
import type { CastSessionState } from './cast-session.reducer';

/** The controller's session state, re-rendering on each change. */
export function useCastSession(controller: CastController): CastSessionState {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
