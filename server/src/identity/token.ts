import { createHash, randomBytes } from 'node:crypto';

/**
 * Device tokens are 256 random bits, so a fast hash is enough to keep a leaked table useless;
 * passwords, which people choose, get argon2id instead (see password.ts).
 */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
