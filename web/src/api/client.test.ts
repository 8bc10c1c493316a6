import { API_BASE, CLIENT_VERSION } from '@nordlys/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  isOnline,
  NetworkError,
  onConnectivityChange,
  onUnauthenticated,
} from './client';
import { beginSessionReplacement, setAuthToken, setServiceDict } from './session';

type Call = { url: URL; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const call = { url: new URL(input, 'http://app.test'), init };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

async function ensureOnline() {
  fakeFetch(() => json({}));
  await apiRequest('/ping');
}

beforeEach(ensureOnline);
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('calls the API base with the common query params and basic auth carrying the token', async () => {
    setAuthToken('tok-123');
    const calls = fakeFetch(() => json({ ok: true }));
    const answer = await apiRequest<{ ok: boolean }>('/jobs/default', {
      query: { include_details: true, x: undefined },
    });

    expect(answer).toEqual({ ok: true });
    const { url, init } = calls[0]!;
    expect(url.pathname).toBe(`${API_BASE}/jobs/default`);
    expect(url.searchParams.get('app_key')).toBe('nordlys-web');
    expect(url.searchParams.get('client_v')).toBe(CLIENT_VERSION);
    expect(url.searchParams.get('foreign_auth')).toBe('0');
    expect(url.searchParams.get('device_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(url.searchParams.get('include_details')).toBe('1');
    expect(url.searchParams.has('x')).toBe(false);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa('nordlys:tok-123')}`);
    expect(init.method).toBe('GET');
  });

  it('keeps the same device id across calls', async () => {
    const calls = fakeFetch(() => json({}));
    await apiRequest('/a');
    await apiRequest('/b');
    expect(calls[0]!.url.searchParams.get('device_id')).toBe(calls[1]!.url.searchParams.get('device_id'));
  });

  it('omits auth when asked or when no token is stored', async () => {
    const calls = fakeFetch(() => json({}));
    await apiRequest('/x');
    setAuthToken('tok');
    await apiRequest('/y', { auth: false });
    for (const call of calls)
      expect((call.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends JSON bodies as POST with a JSON content type', async () => {
    const calls = fakeFetch(() => new Response(null, { status: 204 }));
    const answer = await apiRequest('/jobs', { json: { name: 'Ferie', type: 'story' } });
    expect(answer).toBeUndefined();
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"name":"Ferie","type":"story"}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('uses the app host from the service directory, or an explicit host', async () => {
    setServiceDict({
      appHost: 'https://app.example',
      thumbHost: 'https://thumb.example',
      videoHost: 'v',
      pollHost: 'p',
      downloadHost: 'd',
    });
    const calls = fakeFetch(() => json({}));
    await apiRequest('/jobs');
    await apiRequest('/files', { host: 'https://thumb.example/' });
    expect(calls[0]!.url.origin).toBe('https://app.example');
    expect(calls[1]!.url.origin).toBe('https://thumb.example');
    expect(calls[1]!.url.pathname).toBe(`${API_BASE}/files`);
  });

  it('returns the raw Response or text when asked', async () => {
    fakeFetch(() => new Response('hello', { status: 200, headers: { 'X-Total-Items': '7' } }));
    const response = await apiRequest<Response>('/trash_can', { responseType: 'response' });
    expect(response.headers.get('X-Total-Items')).toBe('7');
    expect(await apiRequest<string>('/t', { responseType: 'text' })).toBe('hello');
  });

  it('throws ApiError with the status text as message and the parsed body', async () => {
    fakeFetch(() => json({ error: 'Job has been deleted' }, { status: 404, statusText: 'Not Found' }));
    const error = await apiRequest('/jobs/x/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Not Found');
    expect(apiError.status).toBe(404);
    expect(apiError.statusText).toBe('Not Found');
    expect(apiError.body).toEqual({ error: 'Job has been deleted' });
    expect(apiError.reason).toBe('Job has been deleted');
    expect(apiError.hasReason('has been deleted')).toBe(true);
  });

  it('calls every unauthenticated handler on a 401 until unsubscribed', async () => {
    setAuthToken('expired');
    fakeFetch(() => json({ error: 'unauthenticated' }, { status: 401, statusText: 'Unauthorized' }));
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onUnauthenticated(first);
    const stopSecond = onUnauthenticated(second);

    await expect(apiRequest('/account_info')).rejects.toThrow('Unauthorized');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first.mock.calls[0]![0]).toBeInstanceOf(ApiError);

    stopFirst();
    await expect(apiRequest('/account_info')).rejects.toBeInstanceOf(ApiError);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    stopSecond();
  });

  it('does not end a session that replaced the one a 401 was for', async () => {
    const handler = vi.fn();
    const stop = onUnauthenticated(handler);
    setAuthToken('old-session');
    let answer: (response: Response) => void = () => undefined;
    fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = apiRequest('/account_info');
    // A sign-in completes while the old session's request is still under way.
    setAuthToken('new-session');
    answer(json({ error: 'unauthenticated' }, { status: 401, statusText: 'Unauthorized' }));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    stop();
  });

  it('does not end the session a sign-in under way is replacing, and ends it once the sign-in failed', async () => {
    const handler = vi.fn();
    const stop = onUnauthenticated(handler);
    setAuthToken('old-session');
    fakeFetch(() => json({ error: 'unauthenticated' }, { status: 401, statusText: 'Unauthorized' }));
    const endReplacement = beginSessionReplacement();
    await expect(apiRequest('/account_info')).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    endReplacement();
    await expect(apiRequest('/account_info')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not treat a job password failure or an anonymous 401 as a lost session', async () => {
    const handler = vi.fn();
    const stop = onUnauthenticated(handler);
    fakeFetch(() => json({ error: 'public job auth failed' }, { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('/jobs/x/info')).rejects.toBeInstanceOf(ApiError);
    setAuthToken('tok');
    await expect(apiRequest('/jobs/x/info')).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    stop();
  });

  it('goes offline on a network failure and back online on the next answer', async () => {
    const changes: boolean[] = [];
    const stop = onConnectivityChange((value) => changes.push(value));
    expect(isOnline()).toBe(true);

    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/jobs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(isOnline()).toBe(false);
    await apiRequest('/jobs').catch(() => undefined);
    expect(changes).toEqual([false]);

    fakeFetch(() => json([]));
    await apiRequest('/jobs');
    expect(isOnline()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('rethrows an abort without changing connectivity', async () => {
    fakeFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const error = await apiRequest('/jobs').catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(isOnline()).toBe(true);
  });
});
