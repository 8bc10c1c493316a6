import { CONSENT_TYPES, type ConsentType } from '@nordlys/contract/privacy';

/** Consent toggles (account.md §4): optimistic, disabled while pending, reverted on failure. */
export interface ConsentsState {
  status: 'loading' | 'loaded' | 'failed';
  values: Record<ConsentType, boolean>;
  pending: ConsentType[];
}

export type ConsentsAction =
  | { type: 'loaded'; values: Record<ConsentType, boolean> }
  | { type: 'loadFailed' }
  | { type: 'reloading' }
  | { type: 'toggled'; key: ConsentType; value: boolean }
  | { type: 'saved'; key: ConsentType }
  | { type: 'saveFailed'; key: ConsentType; value: boolean };

const allFalse = Object.fromEntries(CONSENT_TYPES.map((key) => [key, false])) as Record<ConsentType, boolean>;

export const initialConsents: ConsentsState = { status: 'loading', values: allFalse, pending: [] };

export const isConsentPending = (state: ConsentsState, key: ConsentType) => state.pending.includes(key);

export function consentsReducer(state: ConsentsState, action: ConsentsAction): ConsentsState {
  switch (action.type) {
    case 'loaded':
      return { status: 'loaded', values: { ...allFalse, ...action.values }, pending: [] };
    case 'loadFailed':
      return { ...state, status: 'failed' };
    case 'reloading':
      return { ...state, status: 'loading' };
    case 'toggled':
      // A second click while the first is on its way would race it; the toggle is disabled meanwhile.
      if (state.status !== 'loaded' || isConsentPending(state, action.key)) return state;
      return {
        ...state,
        values: { ...state.values, [action.key]: action.value },
        pending: [...state.pending, action.key],
      };
    case 'saved':
      return { ...state, pending: state.pending.filter((key) => key !== action.key) };
    case 'saveFailed':
      return {
        ...state,
        values: { ...state.values, [action.key]: !action.value },
        pending: state.pending.filter((key) => key !== action.key),
      };
  }
}
