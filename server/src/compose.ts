import type { BlobStore } from './blobs/blob-store';
import type { Config } from './config';
import { createLoginThrottle } from './identity/login-throttle';
import { createOidcAdapterClass } from './identity/oidc-adapter';
import { loadProviderSecrets } from './identity/oidc-keys';
import { createOidcRelyingParty, type Transport } from './identity/oidc-relying-party';
import { createMediaUrls, generateMediaUrlSecret, MEDIA_URL_SECRET_NAME } from './media/media-urls';
import { createMediaProcessing, type MediaProcessing } from './media/pipeline/media-processing';
import type { MediaLog } from './media/pipeline/unfinished-work';
import { runPeriodically } from './queue/periodic';
import { createAccountService } from './services/account.service';
import { createAccountAttributeService } from './services/account-attribute.service';
import { createAuthService } from './services/auth.service';
import { createDedupService } from './services/dedup.service';
import { createDeviceService } from './services/device.service';
import { createFileService } from './services/file.service';
import { createFileActionsService } from './services/file-actions.service';
import { createJobService } from './services/job.service';
import { createLoginService } from './services/login.service';
import { createMediaDeliveryService } from './services/media-delivery.service';
import { createOptionService } from './services/option.service';
import { createProfileService } from './services/profile.service';
import { createResumableUploadService } from './services/resumable-upload.service';
import { createSha256Thread } from './services/sha256-thread';
import { createStatisticsService } from './services/statistics.service';
import { createTimelineService } from './services/timeline.service';
import { createUploadService } from './services/upload.service';
import { pingDatabase, type Store } from './store/database';
import { createRepositories } from './store/repositories';

/** Expired resumable uploads are looked for hourly. */
const TUS_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface CompositionDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  clock: () => number;
  log: MediaLog;
  /** How sign-in reaches its issuer: the built-in provider in-process, an external one by fetch. */
  oidcTransport: Transport;
  /** Media processing made elsewhere (tests), closed by its maker. */
  media?: MediaProcessing;
}

/**
 * The composition root of the API process: every service is built here, once, over the
 * repositories it uses, and handed to the HTTP plugins by app.ts. A new area adds its service here
 * and its routes there, and touches nothing else.
 */
export async function composeServices(deps: CompositionDeps) {
  const { config, store, blobs, clock, log } = deps;
  const repos = createRepositories(store);

  const accounts = createAccountService({ repos, clock, defaultStorageGib: config.defaultStorageGib });
  const auth = createAuthService({ repos, clock });
  const profiles = createProfileService({ repos, accounts, blobs });
  const devices = createDeviceService({ repos, accounts });
  const relyingParty = createOidcRelyingParty(deps.oidcTransport, clock);
  const login = createLoginService({
    repos,
    accounts,
    devices,
    profiles,
    throttle: createLoginThrottle(repos.loginThrottle, clock),
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
    }));
  const checksums = createSha256Thread();
  const jobs = createJobService({ repos, clock });
  const files = createFileService({ repos, jobs, clock, signer: mediaUrls });
  const uploads = createUploadService({
    repos,
    blobs,
    jobs,
    media: mediaProcessing,
    checksums,
    signer: mediaUrls,
    maxSpaceOf: accounts.maxSpaceOf,
    clock,
  });
  const resumableUploads = createResumableUploadService({ uploads, files, blobs, repos, clock });
  const tusSweeps = runPeriodically({
    firstAfterMs: TUS_SWEEP_EVERY_MS,
    everyMs: TUS_SWEEP_EVERY_MS,
    task: () => resumableUploads.sweepExpired(),
  });

  const services = {
    databasePing: () => pingDatabase(store.db),
    auth,
    profiles,
    devices,
    login,
    relyingParty,
    builtInProvider,
    attributes: createAccountAttributeService({ repos, clock }),
    options: createOptionService({ repos, clock }),
    statistics: createStatisticsService({ repos, clock }),
    mediaProcessing,
    jobs,
    files,
    uploads,
    resumableUploads,
    dedup: createDedupService({ repos, jobs, signer: mediaUrls, clock }),
    timeline: createTimelineService({ repos, jobs, clock, signer: mediaUrls }),
    fileActions: createFileActionsService({
      repos,
      blobs,
      jobs,
      clock,
      maxSpaceOf: accounts.maxSpaceOf,
      onOrphanBlob: (key, err) => log.warn({ err, key }, 'blob left after purge'),
    }),
    mediaDelivery: createMediaDeliveryService({
      repos,
      blobs,
      urls: mediaUrls,
      clock,
      onTileError: (sha256, err) => log.warn({ err, sha256 }, 'tile not made from the large thumbnail'),
    }),
  };

  return {
    services,
    /** Stops the background work the services started; the caller closes the blobs and database after. */
    async close() {
      await tusSweeps.stop();
      await checksums.close();
      if (!deps.media) await mediaProcessing.close();
    },
  };
}
