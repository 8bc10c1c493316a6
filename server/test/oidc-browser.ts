import { createHash, randomBytes } from 'node:crypto';

/**
 * Just enough of a browser to walk the authorization-code flow over real HTTP: a cookie jar and
 * manual redirects, so each step's status and Location can be checked.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...this.extraHeaders, ...init.headers };
    if (this.cookies.size > 0) {
      const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      headers.cookie = headers.cookie ? `${headers.cookie}; ${jar}` : jar;
    }
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.get('location');
    return { res, location: location ? new URL(location, url).toString() : null, text: await res.text() };
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export interface AuthorizationStart {
  browser: TestBrowser;
  verifier: string;
  state: string;
  /** The interaction page URL the provider sent the browser to. */
  interactionUrl: string;
}

/** Sends the browser to the authorization endpoint and follows it to the provider's interaction page. */
export async function startAuthorization(input: {
  authorizationEndpoint: string;
  redirectUri: string;
  prompt?: string;
  browser?: TestBrowser;
  extraParams?: Record<string, string>;
}): Promise<AuthorizationStart> {
  const browser = input.browser ?? new TestBrowser();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const url = new URL(input.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: 'nordlys-web',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: input.redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(input.prompt ? { prompt: input.prompt } : {}),
    ...input.extraParams,
  }).toString();
  const { res, location } = await browser.request(url.toString());
  if (res.status !== 303 || !location) throw new Error(`authorization answered ${res.status}`);
  return { browser, verifier, state, interactionUrl: location };
}

/** Posts the form on an interaction page and follows the redirects back to the client's callback. */
export async function submitInteraction(
  start: AuthorizationStart,
  mode: 'login' | 'create',
  form: Record<string, string>,
): Promise<{ status: number; html: string; code: string | null; callback: URL | null }> {
  const posted = await start.browser.request(`${start.interactionUrl}/${mode}`, { form });
  if (posted.res.status !== 303 || !posted.location) {
    return { status: posted.res.status, html: posted.text, code: null, callback: null };
  }
  let location: string | null = posted.location;
  for (let hops = 0; location && hops < 5; hops += 1) {
    const url = new URL(location);
    if (url.searchParams.has('code') || url.searchParams.has('error')) {
      return { status: 303, html: '', code: url.searchParams.get('code'), callback: url };
    }
    location = (await start.browser.request(location)).location;
  }
  throw new Error('the provider did not redirect back to the client');
}
