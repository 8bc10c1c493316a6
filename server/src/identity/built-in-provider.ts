import { LOGIN_REDIRECT_PATH, LOGIN_SCOPE, WEB_CLIENT_ID } from '@nordlys/contract/account';
import type { OidcContext, Provider } from 'oidc-provider';
import type { ProviderSecrets } from './oidc-keys';

export const IDP_PATH = '/idp';
export const interactionPath = (uid: string) => `${IDP_PATH}/interaction/${uid}`;

export interface ProviderAccount {
  id: string;
  email: string;
  name: string;
}

export interface BuiltInProviderOptions {
  secrets: ProviderSecrets;
  /** An oidc-provider Adapter class (see oidc-adapter.ts). */
  adapter: unknown;
  findAccount(id: string): Promise<ProviderAccount | undefined>;
  /** When PUBLIC_URL is unset, callbacks on loopback hosts at any port are accepted too. */
  allowLoopbackRedirects: boolean;
  renderError(ctx: OidcContext, error: unknown): void;
}

/** What every origin's provider is built over: its keys, its storage and its accounts. */
export type ProviderBasis = Pick<BuiltInProviderOptions, 'secrets' | 'adapter' | 'findAccount'>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `http(s)://localhost:<any port>/login/callback` and nothing else (no query, no credentials). */
export function isLoopbackCallback(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    url.pathname === LOGIN_REDIRECT_PATH &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}

/** The authorization parameter that prefills the create-account form's name (like login_hint for e-mail). */
export const NAME_HINT_PARAM = 'name_hint';

/**
 * The interaction policy: `prompt=create` (OpenID "Initiating User Registration") is a prompt of
 * its own so the pages can open on the create-account form, and the web client always gets a
 * fresh login: it keeps its own device token, so a lingering provider session would only let the
 * next person at a shared computer in without a password after signing out.
 */
function buildPolicy({ interactionPolicy }: typeof import('oidc-provider')) {
  const { Prompt, Check } = interactionPolicy;
  const policy = interactionPolicy.base();
  policy.add(new Prompt({ name: 'create', requestable: true }), 0);
  policy
    .get('login')
    ?.checks.push(
      new Check('fresh_login', 'The web client signs in afresh every time', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/**
 * The built-in OpenID provider for one issuer (`<origin>/idp`). State lives in the database.
 * oidc-provider and its Koa stack (about 45 MB resident) load with the first sign-in, not at start.
 */
export async function createBuiltInProvider(
  origin: string,
  options: BuiltInProviderOptions,
): Promise<Provider> {
  const oidc = await import('oidc-provider');
  const issuer = `${origin}${IDP_PATH}`;
  const provider = new oidc.default(issuer, {
    adapter: options.adapter,
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Nordlys',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${origin}${LOGIN_REDIRECT_PATH}`],
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [options.secrets.signingKey] },
    cookies: {
      keys: options.secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: LOGIN_SCOPE.split(' '),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The code exchange reads e-mail and name straight from the ID token; no userinfo round trip.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // A guest who gave a name before choosing to register finds it in the create-account form.
    extraParams: [NAME_HINT_PARAM],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    // Only the server redeems codes; no browser calls the provider's endpoints cross-origin.
    clientBasedCORS: () => false,
    interactions: {
      policy: buildPolicy(oidc),
      url: (_ctx: unknown, interaction: { uid: string }) => interactionPath(interaction.uid),
    },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
      Interaction: 60 * 60,
      Session: 60 * 60,
      Grant: 60 * 60,
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = await options.findAccount(id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        // Addresses are not verified by mail, so relying parties must not link accounts by them.
        claims: async () => ({
          sub: account.id,
          email: account.email,
          email_verified: false,
          name: account.name,
        }),
      };
    },
    // The only client is our own: the scopes it asks for are granted without a consent screen.
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      const found = existing ? await provider.Grant.find(existing) : undefined;
      if (found) return found;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(LOGIN_SCOPE);
      await grant.save();
      return grant;
    },
    async renderError(ctx: OidcContext, _out: unknown, error: unknown) {
      options.renderError(ctx, error);
    },
  });
  provider.proxy = true;

  if (options.allowLoopbackRedirects) {
    const registered = provider.Client.prototype.redirectUriAllowed;
    provider.Client.prototype.redirectUriAllowed = function (this: unknown, uri: string) {
      return registered.call(this, uri) || isLoopbackCallback(uri);
    };
  }
  return provider;
}
