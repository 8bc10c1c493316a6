import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountInfo } from '../../api/account.api';
import { rootReducer } from '../../state/store';

/** Account attribute loading (account.md §4). */
export type AttributeStatus = 'EMPTY' | 'FETCHING' | 'SUCCEEDED' | 'FAILED';

export interface AccountState {
  info: AccountInfo | null;
  attributes: {
    status: AttributeStatus;
    /** Watched attribute keys; null when the server has none for the key. */
    values: Record<string, string | null>;
  };
}

const initialState: AccountState = { info: null, attributes: { status: 'EMPTY', values: {} } };

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    accountLoaded(state, action: PayloadAction<AccountInfo>) {
      state.info = action.payload;
    },
    profilePictureChanged(state, action: PayloadAction<string>) {
      if (state.info) state.info.profile_picture_url = action.payload;
    },
    /** The session ended: nothing of the previous user may stay on screen. */
    accountCleared() {
      return initialState;
    },
    attributesPollStarted(state) {
      state.attributes.status = 'FETCHING';
    },
    attributesPollSucceeded(state, action: PayloadAction<Record<string, string | null>>) {
      state.attributes.status = 'SUCCEEDED';
      state.attributes.values = action.payload;
    },
    /** A failed poll is ignored: the last values stay, only the status says it. */
    attributesPollFailed(state) {
      state.attributes.status = 'FAILED';
    },
  },
  selectors: {
    selectAccount: (state) => state.info,
    selectAttributeStatus: (state) => state.attributes.status,
    selectAttributeValues: (state) => state.attributes.values,
  },
});

export const {
  accountLoaded,
  profilePictureChanged,
  accountCleared,
  attributesPollStarted,
  attributesPollSucceeded,
  attributesPollFailed,
} = accountSlice.actions;

const injected = accountSlice.injectInto(rootReducer);
export const { selectAccount, selectAttributeStatus, selectAttributeValues } = injected.selectors;

export interface AvatarData {
  name: string;
  email: string;
  avatarUrl: string | null;
}

/** What the top bar's avatar and user menu show; null while no account is loaded. */
export const selectAvatarData = createSelector([selectAccount], (info): AvatarData | null =>
  info ? { name: info.name, email: info.logged_in_as, avatarUrl: info.profile_picture_url } : null,
);
