import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBlobStore } from '../../server/src/blobs/create-blob-store';
import { type Config, type DatabaseConfig, loadConfig } from '../../server/src/config';
import { createAccountService } from '../../server/src/services/account.service';
import { createJobService } from '../../server/src/services/job.service';
import { openStore } from '../../server/src/store/database';
import { createRepositories } from '../../server/src/store/repositories';

/**
 * A migrated database with one signed-in bench user and their timeline, for benches that seed rows
 * directly. With `reuse`, a database kept from an earlier run (see onEachDatabase's `keep`) gives
 * back its bench user (found by a fixed address) with a fresh token, rows and all.
 */
export async function openBenchLibrary(database: DatabaseConfig, prefix: string, reuse = false) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `nordlys-bench-${prefix}-`));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database };
  const store = await openStore(database);
  const blobs = await createBlobStore(config.blobs);
  const repos = createRepositories(store);
  const accounts = createAccountService({
    repos,
    clock: Date.now,
    defaultStorageGib: config.defaultStorageGib,
  });
  const email = `bench-${reuse ? `kept-${prefix}` : randomUUID()}@example.com`;
  const user =
    (reuse ? await repos.users.findByEmail(email) : undefined) ??
    (await accounts.createUser({ email, name: 'Bench' }));
  const { token } = await accounts.issueDeviceToken(user.id, { name: 'bench' });
  const timeline = await createJobService({ repos, clock: Date.now }).ensureTimeline(user.id);
  return {
    config,
    store,
    blobs,
    repos,
    accounts,
    user,
    timeline,
    auth: `Basic ${Buffer.from(`bench:${token}`).toString('base64')}`,
    async close() {
      await blobs.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
