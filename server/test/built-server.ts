import { afterAll, beforeAll } from 'vitest';
import { buildServer } from './server-process';

/**
 * Compiles the server once for the test file that calls this (at its top level) and removes the
 * build after its last test; answers the compiled entry, for `startServerProcess` and the like.
 */
export function useBuiltServer(): () => string {
  let server: { entry: string; cleanup(): void } | undefined;
  beforeAll(async () => {
    server = await buildServer();
  }, 120_000);
  afterAll(() => server?.cleanup());
  return () => {
    if (!server) throw new Error('the server is built before the first test');
    return server.entry;
  };
}
