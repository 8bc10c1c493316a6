import { albumIdToB64 } from '@nordlys/contract/album-id';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../api/session';
import { gateAction } from '../features/auth/login-gates';
import { runPendingAction } from '../features/auth/pending-action.registry';
import { selectToasts } from '../features/toasts/toast.slice';
import { rootReducer } from '../state/store';
import { fakeApi, jsonResponse } from '../test/fake-api';
import { wireAlbumPendingActions } from './album-creation-wiring';

const ALBUM = '3f2c1b0a-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const B64 = albumIdToB64(ALBUM);

let unwire: () => void;
let store: ReturnType<typeof makeStore>;
const makeStore = () => configureStore({ reducer: rootReducer });
const toastTypes = () => selectToasts(store.getState() as never).map((toast) => toast.type);

beforeEach(() => {
  setAuthToken('token');
  store = makeStore();
  unwire = wireAlbumPendingActions(store.dispatch);
});

afterEach(() => {
  unwire();
  vi.unstubAllGlobals();
});

describe('login gates carried out after sign-in', () => {
  it('copyAlbum keeps every file of the album and lands on the timeline', async () => {
    const calls = fakeApi({ [`POST /jobs/${ALBUM}/keep-all-files`]: jsonResponse({ copied: 3 }) });
    const to = await runPendingAction(gateAction('copyAlbumGate', { albumIDB64: B64 }), store.dispatch);
    expect(to).toBe('/photos');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /jobs/${ALBUM}/keep-all-files`,
    ]);
    expect(toastTypes()).toContain('jobCopiedToTimeline');
  });

  it('a failed copy says so and lands on the album', async () => {
    fakeApi({ [`POST /jobs/${ALBUM}/keep-all-files`]: jsonResponse({ error: 'boom' }, 500) });
    const to = await runPendingAction(gateAction('copyAlbumGate', { albumIDB64: B64 }), store.dispatch);
    expect(to).toBe(`/a/${B64}`);
    expect(toastTypes()).toContain('jobCopiedToTimelineFailed');
  });

  it('copying one file keeps that file only', async () => {
    const calls = fakeApi({ [`POST /jobs/${ALBUM}/keep-files`]: jsonResponse({}) });
    const to = await runPendingAction(
      gateAction('copyAlbumFileGate', { albumIDB64: B64, fileID: 'file-9' }),
      store.dispatch,
    );
    expect(to).toBe('/photos');
    expect(calls[0]?.body).toBe('file-9');
  });

  it('subscribe joins the album and opens it', async () => {
    const calls = fakeApi({ [`POST /jobs/${ALBUM}/subscribe`]: jsonResponse({}) });
    const to = await runPendingAction(gateAction('subscribeAlbumGate', { albumIDB64: B64 }), store.dispatch);
    expect(to).toBe(`/albums/${B64}`);
    expect(calls).toHaveLength(1);
  });

  it('createNew opens album creation', async () => {
    fakeApi({});
    const to = await runPendingAction(gateAction('createAlbumGate', { albumIDB64: B64 }), store.dispatch);
    expect(to).toBe('/albums?overlay=create_album');
  });
});
