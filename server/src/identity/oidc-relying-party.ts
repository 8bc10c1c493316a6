import type { createLocalJWKSet, JSONWebKeySet } from 'jose';
import { badRequest } from '../domain/errors';

/** fetch, or a stand-in with the same shape (the built-in provider is called in-process). */
export type Transport = (url: string, init?: RequestInit) => Promise<Response>;

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface RedeemInput {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const DISCOVERY_TTL_MS = 60 * 60_000;
const invalidGrant = () => badRequest('invalid_grant');

/**
 * The relying-party half of sign-in: discovery, the authorization-code exchange with the PKCE
 * verifier at the token endpoint, and ID-token validation (signature against the issuer's JWKS,
 * issuer, audience, expiry). The same code serves the built-in provider and external issuers.
 */
export function createOidcRelyingParty(transport: Transport, clock: () => number = Date.now) {
  const discoveries = new Map<string, { at: number; value: Discovery }>();
  const keySets = new Map<string, ReturnType<typeof createLocalJWKSet>>();

  async function getJson(url: string): Promise<unknown> {
    const res = await transport(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    return res.json();
  }

  async function discover(issuer: string): Promise<Discovery> {
    const cached = discoveries.get(issuer);
    if (cached && clock() - cached.at < DISCOVERY_TTL_MS) return cached.value;
    const doc = (await getJson(`${issuer}/.well-known/openid-configuration`)) as Partial<Discovery>;
    if (doc.issuer !== issuer) throw new Error(`discovery of ${issuer} names issuer ${String(doc.issuer)}`);
    if (!doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) {
      throw new Error(`discovery of ${issuer} lacks endpoints`);
    }
    const value = doc as Discovery;
    discoveries.set(issuer, { at: clock(), value });
    return value;
  }

  // jose (and the WebCrypto it drives) loads with the first sign-in through an external provider.
  const jose = () => import('jose');

  async function keySet(jwksUri: string, refresh: boolean) {
    let set = refresh ? undefined : keySets.get(jwksUri);
    if (!set) {
      const { createLocalJWKSet } = await jose();
      set = createLocalJWKSet((await getJson(jwksUri)) as JSONWebKeySet);
      keySets.set(jwksUri, set);
    }
    return set;
  }

  async function verifyIdToken(idToken: string, discovery: Discovery, clientId: string) {
    const options = { issuer: discovery.issuer, audience: clientId, currentDate: new Date(clock()) };
    const { errors: joseErrors, jwtVerify } = await jose();
    try {
      return (await jwtVerify(idToken, await keySet(discovery.jwks_uri, false), options)).payload;
    } catch (error) {
      // The provider may have rotated its key since the set was cached.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      return (await jwtVerify(idToken, await keySet(discovery.jwks_uri, true), options)).payload;
    }
  }

  return {
    discover,

    async redeem(input: RedeemInput): Promise<VerifiedIdentity> {
      const discovery = await discover(input.issuer);
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
        client_id: input.clientId,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      if (input.clientSecret) {
        const credentials = `${encodeURIComponent(input.clientId)}:${encodeURIComponent(input.clientSecret)}`;
        headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      }
      const res = await transport(discovery.token_endpoint, {
        method: 'POST',
        headers,
        body: body.toString(),
      });
      // 400 is how a token endpoint says the code or verifier is wrong, expired or used.
      if (res.status === 400) throw invalidGrant();
      if (!res.ok) throw new Error(`token endpoint of ${input.issuer} answered ${res.status}`);
      const tokens = (await res.json()) as { id_token?: unknown };
      if (typeof tokens.id_token !== 'string') throw invalidGrant();

      let claims: Awaited<ReturnType<typeof verifyIdToken>>;
      try {
        claims = await verifyIdToken(tokens.id_token, discovery, input.clientId);
      } catch (error) {
        if (error instanceof (await jose()).errors.JOSEError) throw invalidGrant();
        throw error;
      }
      if (typeof claims.sub !== 'string' || !claims.sub) throw invalidGrant();
      return {
        issuer: discovery.issuer,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

export type OidcRelyingParty = ReturnType<typeof createOidcRelyingParty>;
