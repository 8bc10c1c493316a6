import { localeTag } from '@nordlys/contract/language-rule';
/**
 * Pure parts of the authorization-code flow with PKCE (account.md §7 "preflight and postflight"):
 * the authorization URL, the remembered request and the callback check. No I/O here.
 */
export const DEFAULT_RETURN_TO = '/photos';
/** Where a failed login lands (account.md §4 "a failed login triggers a fallback location"). */
export const LOGIN_FALLBACK_LOCATION = '/';
export const CALLBACK_PATH = '/login/callback';

export interface AuthorizationParams {
  authorizationEndpoint: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  /** Open the provider's sign-up form instead of sign-in (OpenID "prompt=create"). */
  create: boolean;
  /** The UI language, so the provider's pages match the app. */
  uiLocale?: string;
  /** A name the guest already gave, prefilled in the sign-up form (the built-in provider's name_hint). */
  nameHint?: string;
}

export function buildAuthorizationUrl(params: AuthorizationParams): string {
  const url = new URL(params.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', params.scope);
  url.searchParams.set('state', params.state);
  url.searchParams.set('code_challenge', params.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (params.create) url.searchParams.set('prompt', 'create');
  if (params.uiLocale) url.searchParams.set('ui_locales', localeTag(params.uiLocale));
  const nameHint = params.nameHint?.trim();
  if (params.create && nameHint) url.searchParams.set('name_hint', nameHint);
  return url.toString();
}

/** What the preflight remembers for the postflight, in sessionStorage. */
export interface LoginRequest {
  verifier: string;
  state: string;
  returnTo: string;
}

export function parseLoginRequest(raw: string | null): LoginRequest | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LoginRequest>;
    if (typeof value.verifier !== 'string' || typeof value.state !== 'string') return null;
    return { verifier: value.verifier, state: value.state, returnTo: safeReturnTo(value.returnTo) };
  } catch {
    return null;
  }
}

/** Only a path on this site may be returned to, so a crafted link cannot send the user elsewhere. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return DEFAULT_RETURN_TO;
  }
  // The flow's own pages would loop.
  if (value === '/login' || value.startsWith('/login/') || value.startsWith('/login?'))
    return DEFAULT_RETURN_TO;
  return value;
}

export type CallbackResult =
  | { ok: true; code: string; request: LoginRequest }
  | { ok: false; reason: 'no_request' | 'state_mismatch' | 'provider_error' | 'no_code'; error?: string };

/** Checks the provider's answer on /login/callback against the remembered request. */
export function checkCallback(search: string, request: LoginRequest | null): CallbackResult {
  const params = new URLSearchParams(search);
  if (!request) return { ok: false, reason: 'no_request' };
  if (params.get('state') !== request.state) return { ok: false, reason: 'state_mismatch' };
  const error = params.get('error');
  if (error) return { ok: false, reason: 'provider_error', error };
  const code = params.get('code');
  if (!code) return { ok: false, reason: 'no_code' };
  return { ok: true, code, request };
}
