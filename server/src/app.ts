import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ClientConfig } from '@nordlys/contract/client-config';
import Fastify, { type FastifyInstance } from 'fastify';
import type { BlobStore } from './blobs/blob-store';
import { composeServices } from './compose';
import type { Config } from './config';
import { accountRoutes } from './http/account.routes';
import { albumsRoutes } from './http/albums.routes';
import { archiveRoutes } from './http/archive.routes';
import { authPlugin } from './http/auth.plugin';
import { castReceiverRoutes } from './http/cast-receiver.routes';
import { commentsRoutes } from './http/comments.routes';
import { compressionPlugin } from './http/compression.plugin';
import { devicesRoutes } from './http/devices.routes';
import { emailConsentRoutes } from './http/email-consent.routes';
import { errorHandlerPlugin } from './http/error-handler.plugin';
import { filesRoutes } from './http/files.routes';
import { forwardedWarningPlugin } from './http/forwarded-warning.plugin';
import { healthRoutes } from './http/health.routes';
import { idpPlugin } from './http/idp.plugin';
import { injectTransport } from './http/inject-transport';
import { jobFeedRoutes } from './http/job-feed.routes';
import { jobsRoutes } from './http/jobs.routes';
import { loginRoutes } from './http/login.routes';
import { metricsPlugin } from './http/metrics.plugin';
import { openApiPlugin } from './http/openapi.plugin';
import { previewRoutes } from './http/preview.routes';
import { privacyRoutes } from './http/privacy.routes';
import { profilePictureRoutes } from './http/profile-picture.routes';
import { requestIdOf, requestIdPlugin } from './http/request-id.plugin';
import { appPolicyWithStyleNonce, securityHeadersPlugin } from './http/security-headers.plugin';
import { serviceHostsRoutes } from './http/service-hosts.routes';
import { shareLinkPreview } from './http/share-link-preview';
import { sharesRoutes } from './http/shares.routes';
import { statisticsRoutes } from './http/statistics.routes';
import { subscriptionRoutes } from './http/subscription.routes';
import { thumbnailRoutes } from './http/thumbnails.routes';
import { timelineRoutes } from './http/timeline.routes';
import { trashRoutes } from './http/trash.routes';
import { tusRoutes } from './http/tus.routes';
import { uploadRoutes } from './http/upload.routes';
import { userValueRoutes } from './http/user-value.routes';
import { validatorsByPart } from './http/validator-factory';
import { visitorLocale } from './http/visitor-locale';
import { webAppPlugin } from './http/web-app.plugin';
import type { MediaProcessing } from './media/pipeline/media-processing';
import type { Store } from './store/database';

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
    links: config.links,
    emailConsentUrl: config.privacy.emailConsentUrl,
    defaultStorageGib: config.defaultStorageGib,
    payments: {
      provider: config.payments.provider,
      stripePublishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
    },
    testEndpoints: config.privacy.testEndpoints,
    castReceiverAppId: config.cast.receiverAppId,
  };
}

/**
 * The whole HTTP application over already-opened resources; main.ts and the tests both use it.
 * The services come from the composition root (compose.ts); here each plugin is registered with
 * the ones it needs, in the order requests meet them.
 */
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
    genReqId: requestIdOf,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: validatorsByPart } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Measured only when someone is to read them (METRICS_TOKEN or METRICS_PORT); prom-client is
  // not even loaded otherwise.
  const metrics =
    config.metrics.token || config.metrics.port ? (await import('./metrics/metrics')).createMetrics() : null;
  const { services, close } = await composeServices({
    config,
    store,
    blobs: deps.blobs,
    clock,
    log: app.log,
    // The built-in provider is called in-process; an external issuer over the network.
    oidcTransport: config.oidc ? fetch : injectTransport(app),
    media: deps.media,
    onTaskFailed: metrics ? (name, willRetry) => metrics.taskFailed(name, willRetry) : undefined,
  });
  metrics?.readFrom({
    longPollsHeld: () => services.jobFeed.heldCount(),
    queueDepth: () => services.mediaProcessing.depth(),
    databasePool: () => store.pool?.() ?? null,
  });
  app.decorate('metrics', metrics);
  app.decorate('mediaProcessing', services.mediaProcessing);
  app.decorate('privacyHousekeeping', services.privacyHousekeeping);
  app.decorate('health', services.health);
  app.addHook('onClose', close);

  const policy = {
    publicUrl: config.publicUrl,
    stripe: config.payments.provider === 'stripe',
    cast: config.cast.receiverAppId !== null,
  };
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { metrics, token: config.metrics.port ? null : config.metrics.token });
  await app.register(securityHeadersPlugin, policy);
  await app.register(forwardedWarningPlugin, { trustProxy: config.trustProxy });
  await app.register(compressionPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);
  await app.register(authPlugin, { auth: services.auth });
  await app.register(healthRoutes, { health: services.health });
  await app.register(serviceHostsRoutes, { publicUrl: config.publicUrl });

  const { login, profiles, devices, builtInProvider } = services;
  if (builtInProvider) await app.register(idpPlugin, { config, login, provider: builtInProvider });
  await app.register(loginRoutes, { config, login, relyingParty: services.relyingParty });
  await app.register(accountRoutes, { config, profiles, devices });
  await app.register(profilePictureRoutes, { config, profiles });
  await app.register(devicesRoutes, { devices });
  await app.register(userValueRoutes, { attributes: services.attributes, options: services.options });
  await app.register(statisticsRoutes, { statistics: services.statistics });
  await app.register(privacyRoutes, {
    config,
    privacy: services.privacy,
    dataCopies: services.dataCopies,
    deletion: services.accountDeletion,
  });
  await app.register(emailConsentRoutes, {
    emailConsents: services.emailConsents,
    clientErrors: services.clientErrors,
    testEndpoints: config.privacy.testEndpoints,
  });

  await app.register(jobsRoutes, {
    jobs: services.jobs,
    resumableThreshold: config.resumableUploadThreshold,
  });
  await app.register(uploadRoutes, { uploads: services.uploads, dedup: services.dedup });
  await app.register(filesRoutes, { files: services.files });
  await app.register(albumsRoutes, { albums: services.albums, publicUrl: config.publicUrl });
  await app.register(tusRoutes, { resumable: services.resumableUploads, publicUrl: config.publicUrl });
  await app.register(timelineRoutes, { timeline: services.timeline, fileActions: services.fileActions });
  await app.register(trashRoutes, { trash: services.trash });
  await app.register(commentsRoutes, { comments: services.comments });
  await app.register(sharesRoutes, { shares: services.shares, publicUrl: config.publicUrl });
  await app.register(jobFeedRoutes, { feed: services.jobFeed });
  await app.register(thumbnailRoutes, { media: services.mediaDelivery });
  await app.register(previewRoutes, { media: services.mediaDelivery });
  await app.register(archiveRoutes, { archives: services.archives });
  await app.register(subscriptionRoutes, {
    subscriptions: services.subscriptions,
    offline: services.offlinePayments,
    parseWebhook: services.stripeWebhooks,
    testEndpoints: config.privacy.testEndpoints,
  });
  await app.register(castReceiverRoutes, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    localChannel: config.privacy.testEndpoints,
    brand: config.brand,
  });
  await app.register(webAppPlugin, {
    root: config.webDist,
    clientConfig: clientConfigFrom(config),
    policyWithStyleNonce: (nonce) => appPolicyWithStyleNonce(policy, nonce),
    headFor: shareLinkPreview(services.shares, config.brand.name, config.publicUrl),
    localeFor: (request) => visitorLocale(request.headers, config.brand.norwegianHosts).locale,
  });

  return app;
}
