import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request whose handling this is, carried through its async work so that what it
 * starts elsewhere (a media task taken by a worker process) logs under the same id.
 */
const current = new AsyncLocalStorage<string>();

export const currentRequestId = (): string | undefined => current.getStore();

export function withRequestId<T>(id: string | undefined, run: () => T): T {
  return id ? current.run(id, run) : run();
}
