import type { ConsentType } from '@nordlys/contract/privacy';
import { useCallback, useEffect, useReducer } from 'react';
import { getConsents, setConsent } from '../../api/privacy.api';
import { consentsReducer, initialConsents } from './consent-toggle';

/** The consents of the signed-in user, loaded once; each toggle is sent on its own. */
export function useConsents() {
  const [state, dispatch] = useReducer(consentsReducer, initialConsents);

  const load = useCallback(async (signal?: AbortSignal) => {
    dispatch({ type: 'reloading' });
    try {
      const { consents } = await getConsents(signal);
      const values = Object.fromEntries(Object.entries(consents).map(([key, { value }]) => [key, value]));
      dispatch({ type: 'loaded', values: values as Record<ConsentType, boolean> });
    } catch {
      if (!signal?.aborted) dispatch({ type: 'loadFailed' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const toggle = useCallback(
    async (key: ConsentType, value: boolean) => {
      if (state.status !== 'loaded' || state.pending.includes(key)) return;
      dispatch({ type: 'toggled', key, value });
      try {
        await setConsent(key, value);
        dispatch({ type: 'saved', key });
      } catch {
        dispatch({ type: 'saveFailed', key, value });
      }
    },
    [state.status, state.pending],
  );

  return { state, toggle, reload: () => void load() };
}
