export const PASSWORD_MIN_LENGTH = 8;

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// The native module loads with the first password, not at start.
const argon2 = () => import('@node-rs/argon2');

export const hashPassword = async (password: string): Promise<string> =>
  (await argon2()).hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}
