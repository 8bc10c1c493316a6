import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ClientConfig } from '@nordlys/contract/client-config';
import Fastify, { type FastifyInstance } from 'fastify';
import type { BlobStore } from './blobs/blob-store';
import type { Config } from './config';
import { accountAreaPlugin } from './http/account-area.plugin';
import { authPlugin } from './http/auth.plugin';
import { errorHandlerPlugin } from './http/error-handler.plugin';
import { filesRoutes } from './http/files.routes';
import { healthRoutes } from './http/health.routes';
import { jobsRoutes } from './http/jobs.routes';
import { openApiPlugin } from './http/openapi.plugin';
import { previewRoutes } from './http/preview.routes';
import { appPolicyWithStyleNonce, securityHeadersPlugin } from './http/security-headers.plugin';
import { serviceHostsRoutes } from './http/service-hosts.routes';
import { thumbnailRoutes } from './http/thumbnails.routes';
import { timelineRoutes } from './http/timeline.routes';
import { tusRoutes } from './http/tus.routes';
import { uploadRoutes } from './http/upload.routes';
import { validatorsByPart } from './http/validator-factory';
import { webAppPlugin } from './http/web-app.plugin';
import { createMediaUrls, generateMediaUrlSecret, MEDIA_URL_SECRET_NAME } from './media/media-urls';
import { createMediaProcessing, type MediaProcessing } from './media/pipeline/media-processing';
import { runPeriodically } from './queue/periodic';
import { createAccountService } from './services/account.service';
import { createAuthService } from './services/auth.service';
import { createDedupService } from './services/dedup.service';
import { createFileService } from './services/file.service';
import { createFileActionsService } from './services/file-actions.service';
import { createJobService } from './services/job.service';
import { createMediaDeliveryService } from './services/media-delivery.service';
import { createResumableUploadService } from './services/resumable-upload.service';
import { createSha256Thread } from './services/sha256-thread';
import { createTimelineService } from './services/timeline.service';
import { createUploadService } from './services/upload.service';
import type { Store } from './store/database';
import { createRepositories } from './store/repositories';
import { createContentProcessingRepository } from './store/repositories/content-processing.repository';

/** Expired resumable uploads are looked for hourly. */
const TUS_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface AppDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  clock?: () => number;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Media processing to use instead of the one built from config (closed by its creator then). */
  media?: MediaProcessing;
}

export function clientConfigFrom(config: Config): ClientConfig {
  return {
    brandName: config.brand.name,
    brandNameNorway: config.brand.nameNorway,
    norwegianHosts: config.brand.norwegianHosts,
    stagingHosts: config.brand.stagingHosts,
    links: { terms: '/help#terms', privacy: '/help#privacy', legal: '/help#legal', support: '/help' },
  };
}

/** The whole HTTP application over already-opened resources; main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, store } = deps;
  const clock = deps.clock ?? Date.now;
  const app = Fastify({
    logger: deps.logger === false && !process.env.DEBUG_TEST_LOG ? false : { level: config.logLevel },
    // Large uploads stream; everything else is small JSON.
    bodyLimit: 1024 * 1024,
    // Option names and device ids in paths may be up to 128 characters (find-my-way's default is 100).
    routerOptions: { maxParamLength: 256 },
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: validatorsByPart } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const repos = createRepositories(store.db);
  const accounts = createAccountService({ repos, clock, defaultStorageGib: config.defaultStorageGib });
  const auth = createAuthService({ repos, clock });
  const mediaUrls = createMediaUrls({
    secret: await repos.secrets.getOrCreate(MEDIA_URL_SECRET_NAME, generateMediaUrlSecret),
    publicUrl: config.publicUrl,
    clock,
  });
  const mediaProcessing =
    deps.media ??
    (await createMediaProcessing({
      store,
      blobs: deps.blobs,
      dataDir: config.dataDir,
      postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined,
      log: app.log,
      clock,
    }));
  app.decorate('mediaProcessing', mediaProcessing);
  if (!deps.media) app.addHook('onClose', () => mediaProcessing.close());

  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);
  await app.register(authPlugin, { auth });
  await app.register(healthRoutes, { db: store.db });
  await app.register(serviceHostsRoutes, { publicUrl: config.publicUrl });
  await app.register(accountAreaPlugin, { config, db: store.db, repos, accounts, blobs: deps.blobs, clock });
  const jobService = createJobService({ db: store.db, clock });
  const fileService = createFileService({ db: store.db, jobs: jobService, clock, signer: mediaUrls });
  const checksums = createSha256Thread();
  app.addHook('onClose', () => checksums.close());
  const uploadService = createUploadService({
    db: store.db,
    blobs: deps.blobs,
    jobs: jobService,
    media: mediaProcessing,
    checksums,
    signer: mediaUrls,
    maxSpaceOf: accounts.maxSpaceOf,
    clock,
  });
  const dedupService = createDedupService({ db: store.db, jobs: jobService, signer: mediaUrls, clock });
  await app.register(jobsRoutes, {
    jobs: jobService,
    users: repos.users,
    resumableThreshold: config.resumableUploadThreshold,
  });
  await app.register(uploadRoutes, { uploads: uploadService, dedup: dedupService });
  await app.register(filesRoutes, { files: fileService });
  const resumable = createResumableUploadService({
    uploads: uploadService,
    files: fileService,
    blobs: deps.blobs,
    repo: repos.tusUploads,
    clock,
  });
  const tusSweeps = runPeriodically({
    firstAfterMs: TUS_SWEEP_EVERY_MS,
    everyMs: TUS_SWEEP_EVERY_MS,
    task: () => resumable.sweepExpired(),
  });
  app.addHook('onClose', () => tusSweeps.stop());
  await app.register(tusRoutes, { resumable });
  await app.register(timelineRoutes, {
    timeline: createTimelineService({
      db: store.db,
      dialect: store.dialect,
      jobs: jobService,
      clock,
      signer: mediaUrls,
    }),
    fileActions: createFileActionsService({
      db: store.db,
      blobs: deps.blobs,
      jobs: jobService,
      clock,
      maxSpaceOf: accounts.maxSpaceOf,
      onOrphanBlob: (key, err) => app.log.warn({ err, key }, 'blob left after purge'),
    }),
  });
  const media = createMediaDeliveryService({
    repo: createContentProcessingRepository(store.db),
    blobs: deps.blobs,
    urls: mediaUrls,
    clock,
  });
  await app.register(thumbnailRoutes, { media });
  await app.register(previewRoutes, { media });
  await app.register(webAppPlugin, {
    root: config.webDist,
    clientConfig: clientConfigFrom(config),
    policyWithStyleNonce: (nonce) => appPolicyWithStyleNonce(config.publicUrl, nonce),
  });

  return app;
}
