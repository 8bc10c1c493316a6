import { randomBytes } from 'node:crypto';
import type { LoginExchangeRequest, LoginExchangeResponse } from '@nordlys/contract/account';
import { NAME_MAX_LENGTH } from '@nordlys/contract/constants';
import { hasControlCharacters, withoutControlCharacters } from '@nordlys/contract/plain-text';
import { badRequest, conflict, DomainError, unauthenticated } from '../domain/errors';
import type { ProviderAccount } from '../identity/built-in-provider';
import { type LoginThrottle, signUpThrottleKey, throttleKeys } from '../identity/login-throttle';
import type { OidcRelyingParty, VerifiedIdentity } from '../identity/oidc-relying-party';
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from '../identity/password';
import type { Repositories } from '../store/repositories';
import type { UserRow } from '../store/repositories/user.repository';
import type { AccountService, Clock } from './account.service';
import type { DeviceService } from './device.service';
import type { ProfileService } from './profile.service';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 320;

export type PasswordSignIn =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'locked'; minutes: number };

export type SignUpProblem = 'required' | 'invalid' | 'too_short' | 'too_long' | 'taken';
export type SignUpResult =
  | { ok: true; user: UserRow }
  | {
      ok: false;
      problems: Partial<Record<'email' | 'password' | 'name', SignUpProblem>>;
      lockedMinutes?: number;
    };

/** Where codes are redeemed: the built-in provider at `<origin>/idp`, or the configured issuer. */
export interface IssuerChoice {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Built-in subjects are account ids; external ones go through the identities table. */
  builtIn: boolean;
}

export interface LoginServiceDeps {
  repos: Pick<Repositories, 'users' | 'identities'>;
  accounts: Pick<AccountService, 'createUser'>;
  devices: Pick<DeviceService, 'register'>;
  profiles: Pick<ProfileService, 'accountInfo'>;
  throttle: LoginThrottle;
  relyingParty: OidcRelyingParty;
  clock: Clock;
}

export function createLoginService(deps: LoginServiceDeps) {
  const { repos, accounts, throttle, clock } = deps;
  // Unknown e-mail addresses are checked against this so a miss takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return dummyHash;
  };

  async function accountFor(identity: VerifiedIdentity, choice: IssuerChoice): Promise<UserRow> {
    if (choice.builtIn) {
      const user = await repos.users.findById(identity.subject);
      if (!user) throw badRequest('invalid_grant');
      return user;
    }
    const linked = await repos.identities.findUserId(identity.issuer, identity.subject);
    if (linked) {
      const user = await repos.users.findById(linked);
      if (user) return user;
    }
    if (!identity.email) throw badRequest('The identity provider did not share an e-mail address');
    const existing = await repos.users.findByEmail(identity.email);
    let user: UserRow;
    if (existing) {
      // Linking by address is only safe when the issuer vouches that the address is theirs.
      if (!identity.emailVerified) throw conflict('An account with this e-mail already exists');
      user = existing;
    } else {
      // Another provider's name claim is not refused (that would refuse the sign-in), only cleaned.
      const claimed = withoutControlCharacters(identity.name ?? '').trim();
      const name = (claimed || identity.email.split('@')[0] || identity.email).slice(0, NAME_MAX_LENGTH);
      user = await accounts.createUser({ email: identity.email, name, password: null });
    }
    await repos.identities.insert({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: user.id,
      created_at: clock(),
    });
    return user;
  }

  return {
    /** The account behind a built-in provider subject (an account id). */
    async providerAccount(id: string): Promise<ProviderAccount | undefined> {
      const user = await repos.users.findById(id);
      return user ? { id: user.id, email: user.email, name: user.name } : undefined;
    },

    /**
     * Checks a password: locked per (e-mail, address) pair and per address; per e-mail alone an
     * address that has failed before waits a growing delay first.
     */
    async passwordSignIn(email: string, password: string, ip: string): Promise<PasswordSignIn> {
      let user: UserRow | undefined;
      const outcome = await throttle.attempt(throttleKeys(email, ip), async () => {
        user = email.length <= EMAIL_MAX_LENGTH ? await repos.users.findByEmail(email) : undefined;
        const valid = await verifyPassword(user?.password_hash ?? (await dummy()), password);
        return Boolean(user?.password_hash) && valid;
      });
      if (outcome.ok && user) return { ok: true, user };
      if (!outcome.ok && outcome.reason === 'locked') {
        return {
          ok: false,
          reason: 'locked',
          minutes: Math.max(1, Math.ceil((outcome.lockedUntil - clock()) / 60_000)),
        };
      }
      return { ok: false, reason: 'wrong' };
    },

    async signUp(
      input: { email: string; password: string; name: string },
      ip: string,
    ): Promise<SignUpResult> {
      const signUpKey = signUpThrottleKey(ip);
      const lockedUntil = await throttle.lockedUntil([signUpKey]);
      if (lockedUntil) {
        return {
          ok: false,
          problems: {},
          lockedMinutes: Math.max(1, Math.ceil((lockedUntil - clock()) / 60_000)),
        };
      }
      const email = input.email.trim();
      const name = input.name.trim();
      const problems: Extract<SignUpResult, { ok: false }>['problems'] = {};
      if (!name) problems.name = 'required';
      else if (name.length > NAME_MAX_LENGTH) problems.name = 'too_long';
      else if (hasControlCharacters(name)) problems.name = 'invalid';
      if (!email) problems.email = 'required';
      else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) problems.email = 'invalid';
      if (!input.password) problems.password = 'required';
      else if (input.password.length < PASSWORD_MIN_LENGTH) problems.password = 'too_short';
      if (!problems.email && (await repos.users.findByEmail(email))) problems.email = 'taken';
      if (Object.keys(problems).length > 0) return { ok: false, problems };
      try {
        const user = await accounts.createUser({ email, name, password: input.password });
        await throttle.recordFailure([signUpKey]);
        return { ok: true, user };
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if (error instanceof DomainError && error.kind === 'Conflict') {
          return { ok: false, problems: { email: 'taken' } };
        }
        throw error;
      }
    },

    /**
     * The postflight: redeems the code with the verifier, maps the verified subject to an account
     * and registers this device.
     */
    async exchange(
      input: LoginExchangeRequest,
      choice: IssuerChoice,
      origin: string,
    ): Promise<LoginExchangeResponse> {
      const identity = await deps.relyingParty.redeem({
        issuer: choice.issuer,
        clientId: choice.clientId,
        clientSecret: choice.clientSecret,
        code: input.code,
        codeVerifier: input.code_verifier,
        redirectUri: input.redirect_uri,
      });
      const user = await accountFor(identity, choice);
      if (user.is_disabled) throw unauthenticated('user_disabled');
      const { token, deviceId } = await deps.devices.register(user.id, {
        deviceId: input.device_id,
        name: input.device_name,
      });
      return {
        auth_token: token,
        device_id: deviceId,
        account_info: await deps.profiles.accountInfo(user.id, origin),
      };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
