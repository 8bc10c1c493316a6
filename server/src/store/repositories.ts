import type { Database, Store } from './database';
import { createAccountAttributeRepository } from './repositories/account-attribute.repository';
import { createChangeRepository } from './repositories/change.repository';
import { createContentRepository } from './repositories/content.repository';
import { createContentProcessingRepository } from './repositories/content-processing.repository';
import { createDeviceRepository } from './repositories/device.repository';
import { createFileRepository } from './repositories/file.repository';
import { createGrantRepository } from './repositories/grant.repository';
import { createIdentityRepository } from './repositories/identity.repository';
import { createJobRepository } from './repositories/job.repository';
import { createLoginThrottleRepository } from './repositories/login-throttle.repository';
import { createOidcPayloadRepository } from './repositories/oidc-payload.repository';
import { createOptionRepository } from './repositories/option.repository';
import { createSecretRepository } from './repositories/secret.repository';
import { createStatisticsRepository } from './repositories/statistics.repository';
import { createTileRepository } from './repositories/tile.repository';
import { createTimelineRepository } from './repositories/timeline.repository';
import { createTusUploadRepository } from './repositories/tus-upload.repository';
import { createUsageRepository } from './repositories/usage.repository';
import { createUserRepository } from './repositories/user.repository';

function repositoriesOver(db: Database, dialect: Store['dialect']) {
  return {
    users: createUserRepository(db),
    devices: createDeviceRepository(db),
    grants: createGrantRepository(db),
    secrets: createSecretRepository(db),
    oidcPayloads: createOidcPayloadRepository(db),
    identities: createIdentityRepository(db),
    loginThrottle: createLoginThrottleRepository(db),
    accountAttributes: createAccountAttributeRepository(db),
    options: createOptionRepository(db),
    statistics: createStatisticsRepository(db),
    tusUploads: createTusUploadRepository(db),
    jobs: createJobRepository(db),
    files: createFileRepository(db),
    contents: createContentRepository(db),
    contentProcessing: createContentProcessingRepository(db),
    usage: createUsageRepository(db),
    changes: createChangeRepository(db),
    timeline: createTimelineRepository(db),
    tiles: createTileRepository(db, dialect),
  };
}

/** The repositories bound to one transaction: whatever they write commits or rolls back together. */
export type TransactionRepositories = ReturnType<typeof repositoriesOver>;

/** Every repository over one database; services take only the ones they use. */
export function createRepositories({ db, dialect }: Pick<Store, 'db' | 'dialect'>) {
  return {
    ...repositoriesOver(db, dialect),
    /**
     * Runs `work` in one transaction. On SQLite the one connection is the transaction's until it
     * ends, so anything read through the other repositories is read before or after it.
     */
    transaction<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(repositoriesOver(trx, dialect)));
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
