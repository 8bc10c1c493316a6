import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { SecretRepository } from '../store/repositories/secret.repository';

export interface ProviderSecrets {
  /** The private RSA JWK the built-in provider signs ID tokens with. */
  signingKey: Record<string, unknown>;
  /** Keys oidc-provider signs its cookies with. */
  cookieKeys: string[];
}

/**
 * Generated on first start and kept in `server_secrets`, so that issued tokens, running sign-ins
 * and cookies survive a restart and agree across processes.
 */
export async function loadProviderSecrets(secrets: SecretRepository): Promise<ProviderSecrets> {
  const jwk = await secrets.getOrCreate('oidc-signing-jwk', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      ...privateKey.export({ format: 'jwk' }),
      kid: randomUUID(),
      alg: 'RS256',
      use: 'sig',
    });
  });
  const cookieKey = await secrets.getOrCreate('oidc-cookie-key', () => randomBytes(32).toString('base64url'));
  return { signingKey: JSON.parse(jwk) as Record<string, unknown>, cookieKeys: [cookieKey] };
}
