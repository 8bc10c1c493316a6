import { randomUUID } from 'node:crypto';
import type { DatabaseConfig } from '../src/config';
import { createAccountService } from '../src/services/account.service';
import { openStore } from '../src/store/database';
import { createRepositories } from '../src/store/repositories';
import { basicAuth } from './test-app';

/** A user made straight in the database a server process will open; answers a device's basic auth. */
export async function createUserIn(database: DatabaseConfig, name: string): Promise<string> {
  const store = await openStore(database);
  try {
    const accounts = createAccountService({
      repos: createRepositories(store),
      clock: Date.now,
      defaultStorageGib: 10,
    });
    const user = await accounts.createUser({
      email: `${name.toLowerCase()}-${randomUUID()}@example.com`,
      name,
    });
    return basicAuth((await accounts.issueDeviceToken(user.id, { name: `${name} test` })).token);
  } finally {
    await store.close();
  }
}
