import { API_BASE, CLIENT_VERSION } from '@nordlys/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchServiceHosts, forgetServiceHosts, parseServiceHosts, resolveHost } from './service-hosts';
import { getServiceDict } from './session';

const hosts = {
  appHost: 'https://app.example',
  thumbHost: 'https://thumbs.example',
  videoHost: 'https://video.example',
  pollHost: 'https://poll.example',
  downloadHost: 'https://dl.example',
};

function stubFetch(body: unknown, status = 200) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(new URL(input, 'http://login.test'));
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return urls;
}

beforeEach(forgetServiceHosts);
afterEach(() => vi.unstubAllGlobals());

describe('service host directory', () => {
  it('fetches /st/4/jobs/{id}/service with app key and client version, and caches it in the session', async () => {
    const urls = stubFetch(hosts);
    await expect(fetchServiceHosts('default')).resolves.toEqual(hosts);
    expect(urls[0]!.pathname).toBe(`${API_BASE}/jobs/default/service`);
    expect(urls[0]!.searchParams.get('app_key')).toBe('nordlys-web');
    expect(urls[0]!.searchParams.get('client_v')).toBe(CLIENT_VERSION);
    expect(getServiceDict()).toEqual(hosts);
    expect(resolveHost('thumbHost')).toBe('https://thumbs.example');
  });

  it('rejects a directory with a missing or empty host and caches nothing', async () => {
    const { pollHost: _omitted, ...missing } = hosts;
    stubFetch(missing);
    await expect(fetchServiceHosts('default')).rejects.toThrow('Invalid service dict');
    stubFetch({ ...hosts, videoHost: '  ' });
    await expect(fetchServiceHosts('default')).rejects.toThrow('Invalid service dict');
    expect(getServiceDict()).toBeNull();
    expect(resolveHost('appHost')).toBe('');
  });

  it('validates shapes', () => {
    expect(() => parseServiceHosts(null)).toThrow('Invalid service dict');
    expect(() => parseServiceHosts({ ...hosts, thumbHost: 42 })).toThrow('Invalid service dict');
    expect(parseServiceHosts({ ...hosts, extra: 'x' })).toEqual(hosts);
  });

  it('keeps per-album directories apart from the session one', async () => {
    stubFetch(hosts);
    await fetchServiceHosts('default');
    stubFetch({ ...hosts, thumbHost: 'cdn.example' });
    await fetchServiceHosts('album-1');
    expect(resolveHost('thumbHost', 'album-1')).toBe('http://cdn.example');
    expect(resolveHost('thumbHost')).toBe('https://thumbs.example');
  });
});
