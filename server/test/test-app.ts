import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { BlobStore } from '../src/blobs/blob-store';
import { createBlobStore } from '../src/blobs/create-blob-store';
import { type Config, loadConfig } from '../src/config';
import { createAccountService } from '../src/services/account.service';
import { openStore, type Store } from '../src/store/database';
import { createRepositories } from '../src/store/repositories';
import { createTestDatabase, type DatabaseKind, makeTempDir } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  store: Store;
  blobs: BlobStore;
  dataDir: string;
  /** Creates a user and a device token; returns the basic-auth header to send. */
  signUp(input?: { email?: string; name?: string }): Promise<{ userId: string; token: string; auth: string }>;
  close(): Promise<void>;
}

let counter = 0;

export const basicAuth = (token: string) => `Basic ${Buffer.from(`nordlys:${token}`).toString('base64')}`;

/** The real application over a real database and blob folder, exercised through `app.inject`. */
export async function createTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    webDist?: string;
    clock?: () => number;
    /** PostgreSQL only: the URL the app is to reach its database at instead (a relay the test controls). */
    relayDatabase?: (url: string) => Promise<string>;
  } = {},
): Promise<TestApp> {
  const dataDir = makeTempDir();
  const database = await createTestDatabase(kind, dataDir);
  const reached =
    database.config.kind === 'postgres' && options.relayDatabase
      ? { kind: 'postgres' as const, url: await options.relayDatabase(database.config.url) }
      : database.config;
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env }),
    database: reached,
    webDist: options.webDist ?? path.join(dataDir, 'no-web'),
  };
  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  const app = await buildApp({ config, store, blobs, logger: false, clock: options.clock });
  const accounts = createAccountService({
    repos: createRepositories(store),
    clock: options.clock ?? Date.now,
    defaultStorageGib: config.defaultStorageGib,
  });

  return {
    app,
    config,
    store,
    blobs,
    dataDir,
    async signUp(input = {}) {
      counter += 1;
      const user = await accounts.createUser({
        email: input.email ?? `user${counter}-${Date.now()}@example.com`,
        name: input.name ?? `User ${counter}`,
      });
      const { token } = await accounts.issueDeviceToken(user.id, { name: 'Test device' });
      return { userId: user.id, token, auth: basicAuth(token) };
    },
    async close() {
      await app.close();
      await blobs.close();
      await store.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
