import type { Middleware } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { listenToChangeFeed } from '../change-feed/change-feed';
import { addLateMiddleware, rootReducer } from '../state/store';
import { type CacheError, toCacheError } from './cache-error';
import { tagsTouched } from './feed-tags.rules';

/**
 * What the cache's entries are about; a write or a change from the feed invalidates the tags it
 * touches and every view reading them refetches.
 */
export const CACHE_TAGS = [
  'Album',
  'AlbumList',
  'AlbumFiles',
  'AlbumUsers',
  'Comments',
  'Consents',
  'EmailConsent',
  'DigitalLegacy',
  'DataCopy',
  'StoragePlan',
  'PaymentCard',
  'Devices',
  'AccountInfo',
] as const;

/**
 * The one home of server data on the web. Endpoints are injected per area (`*.endpoints.ts`) and
 * call the `api/` functions, so the wire stays in one place and the cache is loaded with the first
 * route that reads through it, not with the app's first load.
 */
export const serverCache = createApi({
  reducerPath: 'serverCache',
  baseQuery: fakeBaseQuery<CacheError>(),
  tagTypes: CACHE_TAGS,
  endpoints: () => ({}),
  // A view that opens again reads again, as it did before the cache; views open together share one read.
  keepUnusedDataFor: 0,
  refetchOnMountOrArgChange: true,
});

/** Each store that holds the cache drops what the change feed's events touch, as they come. */
const invalidatedByFeed: Middleware = (store) => {
  listenToChangeFeed((batch) => {
    const tags = tagsTouched(batch);
    if (tags.length > 0) store.dispatch(serverCache.util.invalidateTags(tags));
  });
  return (next) => (action) => next(action);
};

rootReducer.inject(serverCache);
addLateMiddleware(serverCache.middleware, invalidatedByFeed);

/**
 * A queryFn over an `api/` call: hands it the request's abort signal, and turns what it throws into
 * a CacheError.
 */
export const through =
  <Arg, Result>(call: (arg: Arg, signal: AbortSignal) => Promise<Result>) =>
  async (arg: Arg, { signal }: { signal: AbortSignal }) => {
    try {
      return { data: await call(arg, signal) };
    } catch (error) {
      return { error: toCacheError(error) };
    }
  };

/** The cache's own actions (invalidate tags from outside an endpoint). */
export const serverCacheUtil = serverCache.util;

/** A queryFn over an `api/` read that takes no argument but the abort signal. */
export const reading = <Result>(call: (signal: AbortSignal) => Promise<Result>) =>
  through((_arg: unknown, signal) => call(signal));
