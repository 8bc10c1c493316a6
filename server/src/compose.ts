import path from 'node:path';
import type { BlobStore } from './blobs/blob-store';
import type { Config } from './config';
import { createInProcessJobEvents, inProcessNotifier } from './events/job-events';
import { createPgJobEvents } from './events/pg-job-events';
import { createLoginThrottle } from './identity/login-throttle';
import { createOidcAdapterClass } from './identity/oidc-adapter';
import { loadProviderSecrets } from './identity/oidc-keys';
import { createOidcRelyingParty, type Transport } from './identity/oidc-relying-party';
import { createMailer } from './mail/mailer';
import { endExifTool } from './media/exiftool';
import { describeFfmpeg } from './media/ffmpeg-locator';
import { createMediaUrls, generateMediaUrlSecret, MEDIA_URL_SECRET_NAME } from './media/media-urls';
import { createMediaProcessing, type MediaProcessing } from './media/pipeline/media-processing';
import type { MediaLog } from './media/pipeline/unfinished-work';
import { createOfflinePaymentProvider } from './payments/offline-payment-provider';
import { periodClaimsOver, processName, runPeriodically } from './queue/periodic';
import {
  FIRST_UPLOAD_SWEEP_AFTER_MS,
  scheduleUploadSweeps,
  UPLOAD_SWEEP_EVERY_MS,
} from './queue/upload-sweep.schedule';
import { createAccessService } from './services/access.service';
import { createAccountService } from './services/account.service';
import { createAccountDeletionService } from './services/account-deletion.service';
import { createAlbumService } from './services/album.service';
import { createArchiveService } from './services/archive.service';
import { createAuthService } from './services/auth.service';
import { createClientErrorService } from './services/client-error.service';
import { createCommentService } from './services/comment.service';
import { createDataCopyService } from './services/data-copy.service';
import { createDedupService } from './services/dedup.service';
import { createDeviceService } from './services/device.service';
import { createEmailConsentService } from './services/email-consent.service';
import { createFileService } from './services/file.service';
import { createFileActionsService } from './services/file-actions.service';
import { createHealthService } from './services/health.service';
import { createJobService } from './services/job.service';
import { createJobFeedService } from './services/job-feed.service';
import { createLoginService } from './services/login.service';
import { createMediaDeliveryService } from './services/media-delivery.service';
import { createPrivacyService } from './services/privacy.service';
import { createPrivacyHousekeeping } from './services/privacy-housekeeping';
import { createProfileService } from './services/profile.service';
import { createResumableUploadService } from './services/resumable-upload.service';
import { createShareService } from './services/share.service';
import { createStatisticsService } from './services/statistics.service';
import { createSubscriptionService } from './services/subscription.service';
import { createTimelineService } from './services/timeline.service';
import { createTrashService } from './services/trash.service';
import { createTrashPurgeService } from './services/trash-purge.service';
import { createUploadService } from './services/upload.service';
import { createUserValueService } from './services/user-value.service';
import { pingDatabase, type Store } from './store/database';
import { createRepositories } from './store/repositories';

/** The trash is purged of what is 90 days old a while after start, then hourly. */
const TRASH_PURGE_FIRST_MS = 5 * 60 * 1000;
const TRASH_PURGE_EVERY_MS = 60 * 60 * 1000;
/** Copies of data left pending are built, and due account deletions done, a while after start, then hourly. */
const PRIVACY_FIRST_MS = 2 * 60 * 1000;
const PRIVACY_EVERY_MS = 60 * 60 * 1000;
/** Offline renewals and ended cancellations are settled a minute after start, then hourly. */
const RENEWALS_FIRST_MS = 60 * 1000;
const RENEWALS_EVERY_MS = 60 * 60 * 1000;

export interface CompositionDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  clock: () => number;
  log: MediaLog & { info(obj: object, msg: string): void };
  /** How sign-in reaches its issuer: the built-in provider in-process, an external one by fetch. */
  oidcTransport: Transport;
  /** Media processing made elsewhere (tests), closed by its maker. */
  media?: MediaProcessing;
  /** Counts task failures when metrics are on. */
  onTaskFailed?: (name: string, willRetry: boolean) => void;
}

/**
 * The composition root of the API process: every service is built here, once, over the
 * repositories it uses, and handed to the HTTP plugins by app.ts. A new area adds its service here
 * and its routes there, and touches nothing else.
 */
export async function composeServices(deps: CompositionDeps) {
  const { config, store, blobs, clock, log } = deps;
  // Job-changed events: PostgreSQL's NOTIFY reaches every server process; SQLite has only this one.
  const events =
    config.database.kind === 'postgres'
      ? await createPgJobEvents(config.database.url, log)
      : createInProcessJobEvents();
  const repos = createRepositories(
    store,
    config.database.kind === 'postgres' ? undefined : inProcessNotifier(events),
  );

  // Periodic work runs once per period over every process sharing the database: each run is
  // claimed in `periodic_runs`. A configured period (test rigs) replaces each task's own.
  const claim = periodClaimsOver(repos.periodicRuns, processName(), clock);
  const period = (firstAfterMs: number, everyMs: number) => ({
    firstAfterMs: config.periodicEveryMs ?? firstAfterMs,
    everyMs: config.periodicEveryMs ?? everyMs,
    claim,
  });

  const accounts = createAccountService({ repos, clock, defaultStorageGib: config.defaultStorageGib });
  const auth = createAuthService({ repos, clock });
  const privacy = createPrivacyService({ repos, clock, termsVersion: config.privacy.termsVersion });
  const profiles = createProfileService({ repos, accounts, blobs, notices: privacy.notices });
  const devices = createDeviceService({ repos, accounts });
  const relyingParty = createOidcRelyingParty(deps.oidcTransport, clock);
  const throttle = createLoginThrottle(repos.loginThrottle, clock);
  const login = createLoginService({
    repos,
    accounts,
    devices,
    profiles,
    throttle,
    relyingParty,
    clock,
  });
  // The built-in provider serves only when no external issuer is configured.
  const builtInProvider = config.oidc
    ? null
    : {
        secrets: await loadProviderSecrets(repos.secrets),
        adapter: createOidcAdapterClass(repos.oidcPayloads, clock),
        findAccount: login.providerAccount,
      };

  const mediaUrls = createMediaUrls({
    secret: await repos.secrets.getOrCreate(MEDIA_URL_SECRET_NAME, generateMediaUrlSecret),
    publicUrl: config.publicUrl,
    clock,
  });
  const mediaProcessing =
    deps.media ??
    (await createMediaProcessing({
      repo: repos.contentProcessing,
      blobs,
      dataDir: config.dataDir,
      postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined,
      log,
      clock,
      onTaskFailed: deps.onTaskFailed,
      taskDelayMs: config.mediaTaskDelayMs,
    }));
  const jobs = createJobService({ repos, clock });
  const access = createAccessService({ repos, jobs, throttle, clock });
  const files = createFileService({ repos, access, clock, signer: mediaUrls });
  const uploads = createUploadService({
    repos,
    blobs,
    access,
    media: mediaProcessing,
    signer: mediaUrls,
    maxSpaceOf: accounts.maxSpaceOf,
    clock,
  });
  const resumableUploads = createResumableUploadService({ uploads, files, blobs, repos, clock });
  const uploadSweeps = scheduleUploadSweeps({
    sweepExpiredResumable: () => resumableUploads.sweepExpired(),
    sweepUnfinishedBlobs: () => blobs.sweepUnfinished(),
    log,
    ...period(FIRST_UPLOAD_SWEEP_AFTER_MS, UPLOAD_SWEEP_EVERY_MS),
  });

  // Resumable uploads whose last byte arrived before a crash cut their finishing short.
  const resumedUploads = resumableUploads
    .resumeUnfinished((id, err) => log.warn({ err, id }, 'resumable upload not finished after restart'))
    .catch((err: unknown) => log.warn({ err }, 'unfinished resumable uploads not resumed'));

  const onOrphanBlob = (key: string, err: unknown) => log.warn({ err, key }, 'blob left after purge');
  const fileActions = createFileActionsService({
    repos,
    blobs,
    jobs,
    access,
    clock,
    maxSpaceOf: accounts.maxSpaceOf,
    onOrphanBlob,
  });
  const trash = createTrashService({
    repos,
    blobs,
    access,
    fileActions,
    signer: mediaUrls,
    clock,
    onOrphanBlob,
  });
  const trashPurge = createTrashPurgeService({ repos, blobs, clock, onOrphanBlob });
  const trashPurges = runPeriodically({
    name: 'trash-purge',
    ...period(TRASH_PURGE_FIRST_MS, TRASH_PURGE_EVERY_MS),
    task: () =>
      trashPurge
        .purgeExpired()
        .then((outcome) => {
          if (outcome.files > 0) log.debug(outcome, 'trash purge done');
        })
        .catch((err: unknown) => log.error({ err }, 'trash purge failed')),
  });

  const mediaDelivery = createMediaDeliveryService({
    repos,
    blobs,
    urls: mediaUrls,
    clock,
    onTileError: (sha256, err) => log.warn({ err, sha256 }, 'tile not made from the large thumbnail'),
  });
  const timeline = createTimelineService({ repos, access, clock, signer: mediaUrls });
  const emailConsents = createEmailConsentService({
    repos,
    clock,
    fallbackOrigin: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  // Every mail goes through e-mail consent: each reader gets their settings link, and addresses
  // that unsubscribed get only mail about their own account.
  const mailer = emailConsents.withConsent(
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mail.from,
      log,
    }),
  );
  const shares = createShareService({
    repos,
    jobs,
    access,
    fileActions,
    signer: mediaUrls,
    mailer,
    brand: config.brand.name,
    clock,
  });
  const dataCopies = createDataCopyService({
    repos,
    privacy,
    blobs,
    clock,
    onFailure: (id, err) => log.error({ err, id }, 'copy of data failed'),
  });
  // Card payment: Stripe when configured, otherwise the offline provider with its test cards.
  const offlinePayments =
    config.payments.provider === 'offline'
      ? createOfflinePaymentProvider(repos.offlinePayments, clock)
      : null;
  const stripePayments =
    config.payments.provider === 'stripe'
      ? // The Stripe SDK (about 6 MB of heap) is loaded only where it is the configured provider.
        (await import('./payments/stripe-payment-provider')).createStripePaymentProvider({
          secretKey: config.payments.secretKey,
          webhookSecret: config.payments.webhookSecret,
        })
      : null;
  const subscriptions = createSubscriptionService({
    repos,
    provider: (stripePayments ?? offlinePayments)!,
    products: config.storage.products,
    trialDays: config.storage.trialDays,
    clock,
  });
  const accountDeletion = createAccountDeletionService({
    repos,
    fileActions,
    subscriptions,
    blobs,
    mailer,
    brand: config.brand.name,
    clock,
    onOrphanBlob,
  });
  const privacyHousekeeping = createPrivacyHousekeeping({ dataCopies, deletion: accountDeletion });
  const privacyRuns = runPeriodically({
    name: 'privacy-housekeeping',
    ...period(PRIVACY_FIRST_MS, PRIVACY_EVERY_MS),
    task: () =>
      privacyHousekeeping
        .runOnce()
        .then((outcome) => {
          if (outcome.copies > 0 || outcome.erased > 0) log.info(outcome, 'privacy housekeeping done');
        })
        .catch((err: unknown) => log.error({ err }, 'privacy housekeeping failed')),
  });
  const renewals = runPeriodically({
    name: 'subscription-renewals',
    ...period(RENEWALS_FIRST_MS, RENEWALS_EVERY_MS),
    task: () =>
      subscriptions
        .settleDue()
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err }, 'subscription renewals failed')),
  });

  const services = {
    health: createHealthService({
      pingDatabase: () => pingDatabase(store.db),
      pingBlobs: (signal) => blobs.ping(signal),
      about: async () => ({ ffmpeg: await describeFfmpeg() }),
    }),
    auth,
    profiles,
    devices,
    login,
    relyingParty,
    builtInProvider,
    attributes: createUserValueService({ values: repos.accountAttributes, clock, noun: 'attribute' }),
    options: createUserValueService({ values: repos.options, clock, noun: 'option' }),
    statistics: createStatisticsService({ repos, clock }),
    mediaProcessing,
    jobs,
    files,
    uploads,
    resumableUploads,
    dedup: createDedupService({ repos, access, signer: mediaUrls, clock }),
    timeline,
    fileActions,
    trash,
    comments: createCommentService({ repos, access, clock }),
    jobFeed: createJobFeedService({ repos, access, timeline, events }),
    albums: createAlbumService({ repos, jobs, access, fileActions, signer: mediaUrls, clock }),
    shares,
    mediaDelivery,
    privacy,
    emailConsents,
    dataCopies,
    accountDeletion,
    privacyHousekeeping,
    clientErrors: createClientErrorService({ repos, clock, log }),
    archives: createArchiveService({
      repos,
      jobs,
      access,
      shares,
      blobs,
      media: mediaDelivery,
      signer: mediaUrls,
      clock,
    }),
    subscriptions,
    offlinePayments,
    stripeWebhooks: stripePayments ? stripePayments.parseWebhook : null,
  };

  return {
    services,
    /** Stops the background work the services started; the caller closes the blobs and database after. */
    async close() {
      await resumedUploads;
      await uploadSweeps.stop();
      await trashPurges.stop();
      await privacyRuns.stop();
      await dataCopies.settle();
      await renewals.stop();
      // The uploads that read metadata have finished: no ExifTool child outlives the app.
      await endExifTool();
      if (!deps.media) await mediaProcessing.close();
      await events.close();
      mailer.close();
    },
  };
}
