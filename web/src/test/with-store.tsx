import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createAppStore } from '../state/store';

/** A component under test inside a store of its own, as the app has one (the cache's hooks need it). */
export const withStore = (ui: ReactNode) => <Provider store={createAppStore()}>{ui}</Provider>;
