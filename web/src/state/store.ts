import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';

/**
 * The root reducer starts empty; each feature injects its own slice with
 * `slice.injectInto(rootReducer)` from the feature's own module, so this file never imports features.
 */
export const rootReducer = combineSlices({});

const late: Middleware[] = [];

/**
 * Adds middleware from a lazily loaded layer (the server-data cache) to every store, for the
 * actions dispatched from then on. Kept this small (not Redux Toolkit's dynamic middleware, which
 * brings its action matchers) because it is in the first load.
 */
export function addLateMiddleware(...middleware: Middleware[]): void {
  for (const one of middleware) if (!late.includes(one)) late.push(one);
}

/** Runs the late middleware, each set up once per store on the first action it sees. */
const lateMiddleware: Middleware = (api) => {
  const applied = new Map<Middleware, ReturnType<Middleware>>();
  const setUp = (one: Middleware) => {
    let chain = applied.get(one);
    if (!chain) {
      chain = one(api);
      applied.set(one, chain);
    }
    return chain;
  };
  return (next) => (action) =>
    late.reduceRight<(action: unknown) => unknown>((inner, one) => setUp(one)(inner), next)(action);
};

export const createAppStore = () =>
  configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(lateMiddleware),
  });

export const store = createAppStore();

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
