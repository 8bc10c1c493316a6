import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import type { Config } from '../config';
import { createLoginThrottle } from '../identity/login-throttle';
import { createOidcRelyingParty } from '../identity/oidc-relying-party';
import type { AccountService } from '../services/account.service';
import { createAccountAttributeService } from '../services/account-attribute.service';
import { createDeviceService } from '../services/device.service';
import { createLoginService } from '../services/login.service';
import { createOptionService } from '../services/option.service';
import { createProfileService } from '../services/profile.service';
import { createStatisticsService } from '../services/statistics.service';
import type { Database } from '../store/database';
import type { Repositories } from '../store/repositories';
import { createUsageRepository } from '../store/repositories/usage.repository';
import { accountRoutes } from './account.routes';
import { accountAttributeRoutes } from './account-attribute.routes';
import { devicesRoutes } from './devices.routes';
import { idpPlugin } from './idp.plugin';
import { injectTransport } from './inject-transport';
import { loginRoutes } from './login.routes';
import { optionsRoutes } from './options.routes';
import { profilePictureRoutes } from './profile-picture.routes';
import { statisticsRoutes } from './statistics.routes';

export interface AccountAreaOptions {
  config: Config;
  db: Database;
  repos: Repositories;
  accounts: AccountService;
  blobs: BlobStore;
  clock: () => number;
}

/**
 * Sign-in, account, devices and per-user settings: builds their services once and registers
 * their plugins, so app.ts needs one line for the whole area.
 */
export async function accountAreaPlugin(app: FastifyInstance, opts: AccountAreaOptions) {
  const { config, repos, accounts, clock } = opts;
  const usage = createUsageRepository(opts.db);
  const profiles = createProfileService({ repos, accounts, blobs: opts.blobs, usageOf: usage.usageOf });
  const devices = createDeviceService({ repos, accounts });
  // The built-in provider is called in-process; an external issuer over the network.
  const relyingParty = createOidcRelyingParty(config.oidc ? fetch : injectTransport(app), clock);
  const login = createLoginService({
    repos,
    accounts,
    devices,
    profiles,
    throttle: createLoginThrottle(repos.loginThrottle, clock),
    relyingParty,
    clock,
  });

  if (!config.oidc) await app.register(idpPlugin, { config, repos, login, clock });
  await app.register(loginRoutes, { config, login, relyingParty });
  await app.register(accountRoutes, { config, profiles, devices });
  await app.register(profilePictureRoutes, { config, profiles });
  await app.register(devicesRoutes, { devices });
  await app.register(accountAttributeRoutes, { attributes: createAccountAttributeService({ repos, clock }) });
  await app.register(optionsRoutes, { options: createOptionService({ repos, clock }) });
  await app.register(statisticsRoutes, { statistics: createStatisticsService({ repos, clock }) });
}
