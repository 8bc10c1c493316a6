import { configureStore } from '@reduxjs/toolkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { gateAction } from './login-gates';
import {
  type PendingAction,
  registerPendingAction,
  rememberPendingAction,
  runPendingAction,
  takePendingAction,
} from './pending-action.registry';

const dispatch = configureStore({ reducer: rootReducer }).dispatch;
const action: PendingAction = { type: 'copyAlbum', params: { albumIDB64: 'A1' }, redirectTo: '/a/A1' };

beforeEach(() => sessionStorage.clear());

describe('pending action registry', () => {
  it('survives a page load in sessionStorage and is taken only once', () => {
    rememberPendingAction(action);
    expect(JSON.parse(sessionStorage.getItem('nordlys:pending-action')!)).toEqual(action);
    expect(takePendingAction()).toEqual(action);
    expect(takePendingAction()).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown type', JSON.stringify({ ...action, type: 'deleteEverything' })],
    ['a redirect off the site', JSON.stringify({ ...action, redirectTo: '//evil.example' })],
    ['non-string params', JSON.stringify({ ...action, params: { a: 1 } })],
  ])('drops a stored entry with %s', (_label, raw) => {
    sessionStorage.setItem('nordlys:pending-action', raw);
    expect(takePendingAction()).toBeNull();
  });

  it('runs the registered handler and uses its landing path', async () => {
    const handler = vi.fn(async () => '/albums/NEW');
    const unregister = registerPendingAction('copyAlbum', handler);
    expect(await runPendingAction(action, dispatch)).toBe('/albums/NEW');
    expect(handler).toHaveBeenCalledWith(action, { dispatch });
    unregister();
    expect(await runPendingAction(action, dispatch)).toBe('/a/A1');
  });

  it('falls back to the action redirect when the handler answers nothing or an outside URL', async () => {
    const unregister = registerPendingAction('copyAlbum', async () => 'https://evil.example');
    expect(await runPendingAction(action, dispatch)).toBe('/a/A1');
    unregister();
    const again = registerPendingAction('copyAlbum', async () => undefined);
    expect(await runPendingAction(action, dispatch)).toBe('/a/A1');
    again();
  });

  it('an older unregister does not remove a newer handler', async () => {
    const first = registerPendingAction('subscribeAlbum', async () => '/one');
    registerPendingAction('subscribeAlbum', async () => '/two');
    first();
    expect(await runPendingAction({ ...action, type: 'subscribeAlbum' }, dispatch)).toBe('/two');
  });
});

describe('gateAction', () => {
  it('maps each gated page to its action and lands on the album or share', () => {
    expect(gateAction('createAlbumGate', { albumIDB64: 'A1' })).toEqual({
      type: 'createAlbumFrom',
      params: { albumIDB64: 'A1' },
      redirectTo: '/a/A1',
    });
    expect(gateAction('subscribeAlbumGate', { albumIDB64: 'A1' }).type).toBe('subscribeAlbum');
    expect(gateAction('copyAlbumGate', { albumIDB64: 'A1' }).type).toBe('copyAlbum');
    expect(gateAction('copyAlbumFileGate', { albumIDB64: 'A1', fileID: 'F1' })).toEqual({
      type: 'copyAlbumFile',
      params: { albumIDB64: 'A1', fileID: 'F1' },
      redirectTo: '/a/A1',
    });
    expect(gateAction('copyShareGate', { shareID: 'S 1' })).toEqual({
      type: 'copyShare',
      params: { shareID: 'S 1' },
      redirectTo: '/share/S%201',
    });
  });
});
