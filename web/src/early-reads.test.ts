import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from './test/fake-api';

const TOKEN = 'token-1';

async function loadEarlyReadsAt(pathname: string) {
  vi.resetModules();
  window.history.replaceState(null, '', pathname);
  localStorage.setItem('authToken', TOKEN);
  const calls = fakeApi({
    'GET /jobs/default': jsonResponse({ id: 'job-1' }),
    'GET /jobs/default/timeline/months': jsonResponse({ months: [] }),
    'GET /jobs/default/timeline/tiles': jsonResponse({ jobID: 'job-1', fileID: [] }),
  });
  await import('./early-reads');
  return calls;
}

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('early reads', () => {
  it("start the timeline's first reads, signed in, when the page opens on the timeline", async () => {
    const calls = await loadEarlyReadsAt('/photos');
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/jobs/default',
      '/jobs/default/timeline/months',
      '/jobs/default/timeline/tiles',
    ]);
    expect(calls.every((call) => call.authorization?.startsWith('Basic '))).toBe(true);
  });

  it('ask for nothing on any other page', async () => {
    expect(await loadEarlyReadsAt('/albums')).toEqual([]);
  });

  it('ask for nothing signed out', async () => {
    vi.resetModules();
    window.history.replaceState(null, '', '/photos');
    const calls = fakeApi({});
    await import('./early-reads');
    expect(calls).toEqual([]);
  });
});
