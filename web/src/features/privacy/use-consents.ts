import type { ConsentType } from '@nordlys/contract/privacy';
import { useCallback, useEffect, useReducer } from 'react';
import { useConsentsQuery, useSetConsentMutation } from '../../server-cache/privacy.endpoints';
import { consentsReducer, initialConsents } from './consent-toggle';

/** The consents of the signed-in user, read through the cache; each toggle is sent on its own. */
export function useConsents() {
  const [state, dispatch] = useReducer(consentsReducer, initialConsents);
  const read = useConsentsQuery();
  const [setConsent] = useSetConsentMutation();

  // The toggles are optimistic, so the reducer holds what shows; the cache's answer starts it.
  useEffect(() => {
    if (read.isFetching) dispatch({ type: 'reloading' });
    else if (read.data) {
      const values = Object.fromEntries(
        Object.entries(read.data.consents).map(([key, { value }]) => [key, value]),
      ) as Record<ConsentType, boolean>;
      dispatch({ type: 'loaded', values });
    } else if (read.isError) dispatch({ type: 'loadFailed' });
  }, [read.isFetching, read.data, read.isError]);

  const toggle = useCallback(
    async (key: ConsentType, value: boolean) => {
      if (state.status !== 'loaded' || state.pending.includes(key)) return;
      dispatch({ type: 'toggled', key, value });
      try {
        await setConsent({ key, value }).unwrap();
        dispatch({ type: 'saved', key });
      } catch {
        dispatch({ type: 'saveFailed', key, value });
      }
    },
    [state.status, state.pending, setConsent],
  );

  return { state, toggle, reload: () => void read.refetch() };
}
