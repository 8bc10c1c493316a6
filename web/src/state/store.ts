import { combineSlices, configureStore } from '@reduxjs/toolkit';

/**
 * The root reducer starts empty; each feature injects its own slice with
 * `slice.injectInto(rootReducer)` from the feature's own module, so this file never imports features.
 */
export const rootReducer = combineSlices({});

export const createAppStore = () => configureStore({ reducer: rootReducer });

export const store = createAppStore();

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
