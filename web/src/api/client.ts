import { API_BASE, CLIENT_VERSION } from '@nordlys/contract/constants';
import { ApiError, isAbortError, NetworkError } from './errors';
import { getAuthToken, getDevice, getServiceDict, isBeingReplaced } from './session';

export { ApiError, NetworkError } from './errors';

export const APP_KEY = 'nordlys-web';
// The server ignores the basic-auth user name; only the password (the token) counts.
const BASIC_AUTH_USER = 'nordlys';
// A job password failure is about the album, not the session, so it must not log the user out.
const JOB_PASSWORD_REASON = 'public job auth failed';

export type QueryValue = string | number | boolean | undefined | null;
export type ResponseType = 'json' | 'text' | 'blob' | 'response';

export interface ApiRequestInit {
  method?: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the auth token as basic auth (default true; skipped when no token is stored). */
  auth?: boolean;
  /** Origin of the service to call, e.g. a thumb host; defaults to the app host, else same origin. */
  host?: string;
  responseType?: ResponseType;
}

type Listener<T> = (value: T) => void;

let online = true;
const connectivityListeners = new Set<Listener<boolean>>();
const unauthenticatedListeners = new Set<Listener<ApiError>>();

function setOnline(next: boolean): void {
  if (online === next) return;
  online = next;
  for (const listener of [...connectivityListeners]) listener(next);
}

export const isOnline = (): boolean => online;

/** Called with the new state whenever the client goes offline (fetch failed) or back online. */
export function onConnectivityChange(listener: Listener<boolean>): () => void {
  connectivityListeners.add(listener);
  return () => connectivityListeners.delete(listener);
}

/** Called on every 401 for a request that carried the user's current token. */
export function onUnauthenticated(listener: Listener<ApiError>): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

export function normaliseHost(host: string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  // A bare host name from the service directory; keep the page's scheme so http dev setups work.
  return `${globalThis.location?.protocol ?? 'https:'}//${trimmed}`;
}

function commonQuery(): Record<string, string> {
  return {
    app_key: APP_KEY,
    client_v: CLIENT_VERSION,
    device_id: getDevice().device_id,
    foreign_auth: '0',
  };
}

/** The full URL of an API path, with the common query parameters; absolute URLs are kept as given. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}, host?: string): string {
  const isAbsolute = /^https?:\/\//i.test(path);
  const origin = normaliseHost(host ?? getServiceDict()?.appHost ?? '');
  const base = isAbsolute ? path : `${origin}${path.startsWith(`${API_BASE}/`) ? '' : API_BASE}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...commonQuery(), ...query })) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

export function basicAuthHeader(token: string): string {
  const bytes = new TextEncoder().encode(`${BASIC_AUTH_USER}:${token}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API under /st/4 and returns the parsed answer; throws ApiError or NetworkError. */
export async function apiRequest<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { method, query, json, body, signal, auth = true, host, responseType = 'json' } = init;
  const url = apiUrl(path, query, host);
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  const token = auth ? getAuthToken() : null;
  if (token) headers.Authorization = basicAuthHeader(token);
  let requestBody: BodyInit | undefined = body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: method ?? (requestBody === undefined ? 'GET' : 'POST'),
      headers,
      body: requestBody,
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    setOnline(false);
    throw new NetworkError(error);
  }
  // Any answer, even an error status, proves the network is back.
  setOnline(true);

  if (!response.ok) {
    const error = new ApiError({
      status: response.status,
      statusText: response.statusText,
      body: await readBody(response).catch(() => undefined),
      url,
    });
    // Only the session still in use ends: a request sent with a token since replaced, or being
    // replaced (a sign-in while it was under way), would otherwise sign the user out of the new one.
    if (
      response.status === 401 &&
      token &&
      token === getAuthToken() &&
      !isBeingReplaced(token) &&
      !error.hasReason(JOB_PASSWORD_REASON)
    ) {
      for (const listener of [...unauthenticatedListeners]) listener(error);
    }
    throw error;
  }

  switch (responseType) {
    case 'response':
      return response as T;
    case 'text':
      return (await response.text()) as T;
    case 'blob':
      return (await response.blob()) as T;
    default:
      return (await readBody(response)) as T;
  }
}
