import type { ChangeNotifier } from '../events/job-events';
import type { Database, Store } from './database';
import { createAccessRepository } from './repositories/access.repository';
import { createAlbumRepository } from './repositories/album.repository';
import { createArchiveRepository } from './repositories/archive.repository';
import { createChangeRepository } from './repositories/change.repository';
import { createClientErrorRepository } from './repositories/client-error.repository';
import { createCommentRepository } from './repositories/comment.repository';
import { createContentRepository } from './repositories/content.repository';
import { createContentProcessingRepository } from './repositories/content-processing.repository';
import { createDeviceRepository } from './repositories/device.repository';
import { createEmailConsentRepository } from './repositories/email-consent.repository';
import { createFileRepository } from './repositories/file.repository';
import { createGrantRepository } from './repositories/grant.repository';
import { createIdentityRepository } from './repositories/identity.repository';
import { createJobRepository } from './repositories/job.repository';
import { createLoginThrottleRepository } from './repositories/login-throttle.repository';
import { createOfflinePaymentRepository } from './repositories/offline-payment.repository';
import { createOidcPayloadRepository } from './repositories/oidc-payload.repository';
import { createPeriodicRunRepository } from './repositories/periodic-run.repository';
import { createPrivacyRepository } from './repositories/privacy.repository';
import { createReactionRepository } from './repositories/reaction.repository';
import { createSecretRepository } from './repositories/secret.repository';
import { createShareRepository } from './repositories/share.repository';
import { createStatisticsRepository } from './repositories/statistics.repository';
import { createSubscriptionRepository } from './repositories/subscription.repository';
import { createTaskLeaseRepository } from './repositories/task-lease.repository';
import { createTileRepository } from './repositories/tile.repository';
import { createTimelineRepository } from './repositories/timeline.repository';
import { createTrashRepository } from './repositories/trash.repository';
import { createTusUploadRepository } from './repositories/tus-upload.repository';
import { createUsageRepository } from './repositories/usage.repository';
import { createUserRepository } from './repositories/user.repository';
import { createUserValueRepository } from './repositories/user-value.repository';

function repositoriesOver(db: Database, dialect: Store['dialect'], notifier?: ChangeNotifier) {
  return {
    users: createUserRepository(db),
    devices: createDeviceRepository(db),
    grants: createGrantRepository(db),
    secrets: createSecretRepository(db),
    oidcPayloads: createOidcPayloadRepository(db),
    identities: createIdentityRepository(db),
    loginThrottle: createLoginThrottleRepository(db),
    accountAttributes: createUserValueRepository(db, 'accountAttributes'),
    options: createUserValueRepository(db, 'options'),
    statistics: createStatisticsRepository(db),
    tusUploads: createTusUploadRepository(db),
    jobs: createJobRepository(db),
    albums: createAlbumRepository(db),
    archives: createArchiveRepository(db),
    files: createFileRepository(db),
    contents: createContentRepository(db),
    contentProcessing: createContentProcessingRepository(db),
    usage: createUsageRepository(db),
    changes: createChangeRepository(db, dialect, notifier),
    comments: createCommentRepository(db),
    reactions: createReactionRepository(db),
    shares: createShareRepository(db),
    timeline: createTimelineRepository(db),
    tiles: createTileRepository(db, dialect),
    trash: createTrashRepository(db),
    taskLeases: createTaskLeaseRepository(db),
    periodicRuns: createPeriodicRunRepository(db),
    privacy: createPrivacyRepository(db),
    emailConsents: createEmailConsentRepository(db),
    clientErrors: createClientErrorRepository(db),
    subscriptions: createSubscriptionRepository(db),
    offlinePayments: createOfflinePaymentRepository(db),
  };
}

/** The repositories bound to one transaction: whatever they write commits or rolls back together. */
export type TransactionRepositories = ReturnType<typeof repositoriesOver>;

/** Every repository over one database; services take only the ones they use. */
export function createRepositories(
  { db, dialect }: Pick<Store, 'db' | 'dialect'>,
  /** Who hears of a job's new serial; PostgreSQL's NOTIFY when not given. */
  notifier?: ChangeNotifier,
) {
  return {
    ...repositoriesOver(db, dialect, notifier),
    // Access checks read before a service acts, never inside its transaction.
    access: createAccessRepository(db),
    /**
     * Runs `work` in one transaction. On SQLite the one connection is the transaction's until it
     * ends, so anything read through the other repositories is read before or after it.
     */
    transaction<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(repositoriesOver(trx, dialect, notifier)));
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
