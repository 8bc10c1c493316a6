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

type Build<R> = (db: Database, dialect: Store['dialect'], notifier?: ChangeNotifier) => R;

/** How each repository is made over a connection; a transaction makes only the ones it touches. */
const builders = {
  users: (db) => createUserRepository(db),
  // Read by access checks, before a service acts.
  access: (db) => createAccessRepository(db),
  devices: (db) => createDeviceRepository(db),
  grants: (db) => createGrantRepository(db),
  secrets: (db) => createSecretRepository(db),
  oidcPayloads: (db) => createOidcPayloadRepository(db),
  identities: (db) => createIdentityRepository(db),
  loginThrottle: (db) => createLoginThrottleRepository(db),
  accountAttributes: (db) => createUserValueRepository(db, 'accountAttributes'),
  options: (db) => createUserValueRepository(db, 'options'),
  statistics: (db) => createStatisticsRepository(db),
  tusUploads: (db) => createTusUploadRepository(db),
  jobs: (db) => createJobRepository(db),
  albums: (db) => createAlbumRepository(db),
  archives: (db) => createArchiveRepository(db),
  files: (db) => createFileRepository(db),
  contents: (db) => createContentRepository(db),
  contentProcessing: (db) => createContentProcessingRepository(db),
  usage: (db) => createUsageRepository(db),
  changes: (db, dialect, notifier) => createChangeRepository(db, dialect, notifier),
  comments: (db) => createCommentRepository(db),
  reactions: (db) => createReactionRepository(db),
  shares: (db) => createShareRepository(db),
  timeline: (db) => createTimelineRepository(db),
  tiles: (db, dialect) => createTileRepository(db, dialect),
  trash: (db) => createTrashRepository(db),
  taskLeases: (db) => createTaskLeaseRepository(db),
  periodicRuns: (db) => createPeriodicRunRepository(db),
  privacy: (db) => createPrivacyRepository(db),
  emailConsents: (db) => createEmailConsentRepository(db),
  clientErrors: (db) => createClientErrorRepository(db),
  subscriptions: (db) => createSubscriptionRepository(db),
  offlinePayments: (db) => createOfflinePaymentRepository(db),
} satisfies Record<string, Build<unknown>>;

export type RepositoryName = keyof typeof builders;

/**
 * Every repository, each a plain set of queries over its tables: a repository method writes or
 * reads the rows it names and nothing else. Derived counts are not kept here (see
 * services/album-bookkeeping.ts for the rule).
 */
export type Repositories = { [K in RepositoryName]: ReturnType<(typeof builders)[K]> };

/** The repositories bound to one transaction: whatever they write commits or rolls back together. */
export type TransactionRepositories = Repositories;

/**
 * What a service is given: the repositories it names, and transactions over those same ones and
 * no others, so the list in its deps is the whole of what it touches, inside a transaction or not.
 */
export type RepositoriesOf<K extends RepositoryName> = Pick<Repositories, K> & {
  transaction<T>(work: (tx: Pick<Repositories, K>) => Promise<T>): Promise<T>;
};

const repositoryNames = Object.keys(builders) as RepositoryName[];

function allOver(db: Database, dialect: Store['dialect'], notifier?: ChangeNotifier): Repositories {
  return Object.fromEntries(
    repositoryNames.map((name) => [name, builders[name](db, dialect, notifier)]),
  ) as Repositories;
}

/** Repositories over a transaction, each made on first use: most transactions touch two or three. */
function lazyOver(db: Database, dialect: Store['dialect'], notifier?: ChangeNotifier): Repositories {
  const built = new Map<RepositoryName, unknown>();
  return new Proxy({} as Repositories, {
    get(_target, name) {
      if (typeof name !== 'string' || !Object.hasOwn(builders, name)) return undefined;
      const key = name as RepositoryName;
      if (!built.has(key)) built.set(key, builders[key](db, dialect, notifier));
      return built.get(key);
    },
  });
}

/** Every repository over one database; services take only the ones they use (`RepositoriesOf`). */
export function createRepositories(
  { db, dialect }: Pick<Store, 'db' | 'dialect'>,
  /** Who hears of a job's new serial; PostgreSQL's NOTIFY (sent in the transaction) when not given. */
  notifier?: ChangeNotifier,
): RepositoriesOf<RepositoryName> {
  return {
    ...allOver(db, dialect, notifier),
    /**
     * Runs `work` in one transaction. On SQLite the one connection is the transaction's until it
     * ends, so anything read through the other repositories is read before or after it. A job's
     * new serial reaches this process's listeners only once the transaction committed (nothing on
     * rollback), so a woken poll reads the write.
     */
    async transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
      const woken: { jobId: string; serial: number }[] = [];
      const afterCommit: ChangeNotifier | undefined = notifier
        ? async (_db, jobId, serial) => {
            woken.push({ jobId, serial });
          }
        : undefined;
      const result = await db.transaction().execute((trx) => work(lazyOver(trx, dialect, afterCommit)));
      for (const { jobId, serial } of woken) await notifier?.(db, jobId, serial);
      return result;
    },
  };
}
