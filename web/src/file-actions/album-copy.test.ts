import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../api/session';
import { fakeApi, jsonResponse } from '../test/fake-api';
import { copyAlbumFileToTimeline } from './album-copy';
import { type FileActionToast, setFileActionPorts } from './file-action.ports';

function recordToasts() {
  const shown: FileActionToast[] = [];
  const resolved: FileActionToast[] = [];
  setFileActionPorts({
    confirm: async () => true,
    showToast: (_d, toast) => {
      shown.push(toast);
      return 'toast-1';
    },
    resolveToast: (_d, _id, toast) => {
      resolved.push(toast);
    },
  });
  return { shown, resolved };
}

afterEach(() => {
  setFileActionPorts(null);
  vi.unstubAllGlobals();
});

describe('copying one album file to the timeline', () => {
  it('keeps just that file through the album and reports filesCopiedToTimeline', async () => {
    setAuthToken('token');
    const toasts = recordToasts();
    const calls = fakeApi({ 'POST /jobs/alb/keep-files': jsonResponse({ copied: 1 }) });
    expect(await copyAlbumFileToTimeline(vi.fn(), 'alb', 'f7')).toBe(true);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/jobs/alb/keep-files', 'f7']]);
    expect(toasts.shown.map((t) => t.type)).toEqual(['copyingFiles']);
    expect(toasts.resolved).toEqual([
      { type: 'filesCopiedToTimeline', params: { count: 1 }, fileIds: ['f7'] },
    ]);
  });

  it('reports filesCopiedToTimelineFailed when the album refuses', async () => {
    setAuthToken('token');
    const toasts = recordToasts();
    fakeApi({ 'POST /jobs/alb/keep-files': jsonResponse({ error: 'read_only_user' }, 403) });
    expect(await copyAlbumFileToTimeline(vi.fn(), 'alb', 'f7')).toBe(false);
    expect(toasts.resolved.map((t) => t.type)).toEqual(['filesCopiedToTimelineFailed']);
  });
});
