import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * The root reducer starts empty; each feature injects its own slice with
 * `slice.injectInto(rootReducer)` from the feature's own module, so this file never imports features.
 */
export const rootReducer = combineSlices({});

/**
 * Middleware added by lazily loaded layers (the server-data cache), so the first load does not carry
 * code that only later routes use.
 */
export const lateMiddleware = createDynamicMiddleware();

export const createAppStore = () =>
  configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(lateMiddleware.middleware),
  });

export const store = createAppStore();

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
