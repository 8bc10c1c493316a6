import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import { DEFAULT_FLAGS, type FlagName, type Flags, hasActiveTestFlags } from './flag-definitions';
import { saveFlags } from './flags-storage';

export const flagsSlice = createSlice({
  name: 'flags',
  initialState: DEFAULT_FLAGS,
  reducers: {
    flagsLoaded: (_state, action: PayloadAction<Flags>) => ({ ...DEFAULT_FLAGS, ...action.payload }),
    flagSet: (state, action: PayloadAction<{ name: FlagName; value: boolean }>) => {
      state[action.payload.name] = action.payload.value;
    },
  },
  selectors: {
    selectFlags: (state) => state,
    selectFlag: (state, name: FlagName) => state[name],
    selectHasActiveTestFlags: (state) => hasActiveTestFlags(state),
  },
});

export const { flagsLoaded, flagSet } = flagsSlice.actions;

const injectedFlags = flagsSlice.injectInto(rootReducer);
export const { selectFlags, selectFlag, selectHasActiveTestFlags } = injectedFlags.selectors;

type FlagsRootState = Parameters<typeof selectFlags>[0];

/** Sets a flag and persists the whole set, so a reload keeps what the tester chose. */
export const setFlag =
  (name: FlagName, value: boolean): ThunkAction<void, FlagsRootState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    dispatch(flagSet({ name, value }));
    saveFlags(selectFlags(getState()));
  };
