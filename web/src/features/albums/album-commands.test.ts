import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { deleteAlbumCommand, leaveAlbumCommand } from './album-commands';
import { type AlbumToast, setAlbumsPorts } from './albums.ports';

const dispatch = vi.fn();
let toasts: AlbumToast[];
let asked: string[];
let answer: boolean;

beforeEach(() => {
  toasts = [];
  asked = [];
  answer = true;
  setAlbumsPorts({
    confirm: async (_dispatch, preset) => {
      asked.push(preset);
      return answer;
    },
    showToast: (_dispatch, toast) => void toasts.push(toast),
    refreshStorage: () => {},
  });
});
afterEach(() => {
  setAlbumsPorts(null);
  vi.unstubAllGlobals();
});

describe('album commands', () => {
  it('deletes after the confirmation and then leaves the album', async () => {
    const calls = fakeApi({ 'DELETE /jobs/a1': jsonResponse({}) });
    const onDone = vi.fn();
    expect(await deleteAlbumCommand(dispatch, 'a1', onDone)).toBe('done');
    expect(asked).toEqual(['deleteAlbum']);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /jobs/a1']);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('does nothing when the user says no', async () => {
    answer = false;
    const calls = fakeApi({});
    const onDone = vi.fn();
    expect(await leaveAlbumCommand(dispatch, 'a1', onDone)).toBe('cancelled');
    expect(asked).toEqual(['unsubscribeAlbum']);
    expect(calls).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a failed leave offers a retry that succeeds without asking again', async () => {
    let fail = true;
    fakeApi({
      'POST /jobs/a1/unsubscribe': () => (fail ? jsonResponse({ error: 'boom' }, 500) : jsonResponse({})),
    });
    const onDone = vi.fn();
    expect(await leaveAlbumCommand(dispatch, 'a1', onDone)).toBe('failed');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      type: 'unsubscribeAlbumFailed',
      jobId: 'a1',
      action: { label: 'retry' },
    });
    fail = false;
    toasts[0]!.action!.onClick();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(asked).toEqual(['unsubscribeAlbum']);
  });

  it('a Forbidden delete fails without a retry', async () => {
    fakeApi({ 'DELETE /jobs/a1': jsonResponse({ error: 'Forbidden' }, 403) });
    expect(await deleteAlbumCommand(dispatch, 'a1', vi.fn())).toBe('failed');
    expect(toasts).toEqual([{ type: 'deleteAlbumFailed', jobId: 'a1', action: undefined }]);
  });
});
