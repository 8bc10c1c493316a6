import type { Database } from './database';
import { createAccountAttributeRepository } from './repositories/account-attribute.repository';
import { createDeviceRepository } from './repositories/device.repository';
import { createGrantRepository } from './repositories/grant.repository';
import { createIdentityRepository } from './repositories/identity.repository';
import { createLoginThrottleRepository } from './repositories/login-throttle.repository';
import { createOidcPayloadRepository } from './repositories/oidc-payload.repository';
import { createOptionRepository } from './repositories/option.repository';
import { createSecretRepository } from './repositories/secret.repository';
import { createStatisticsRepository } from './repositories/statistics.repository';
import { createTusUploadRepository } from './repositories/tus-upload.repository';
import { createUserRepository } from './repositories/user.repository';

/** Every repository over one database handle; services take only the ones they use. */
export function createRepositories(db: Database) {
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
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
