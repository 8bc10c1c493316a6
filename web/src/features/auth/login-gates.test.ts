import { describe, expect, it } from 'vitest';
import { gateAction, guestPromptStep } from './login-gates';

const action = gateAction('createAlbumGate', { albumIDB64: 'ALBUM1' });

describe('the name prompt before a gate (albumCreation)', () => {
  it('cancel leaves for where the gate would land, the album', () => {
    expect(guestPromptStep(action, { type: 'cancel' })).toEqual({ type: 'leave', to: '/a/ALBUM1' });
  });

  it('register carries the trimmed name to the sign-up form and holds the action', () => {
    expect(guestPromptStep(action, { type: 'signIn', create: true, name: '  Gunnar ' })).toEqual({
      type: 'login',
      options: { create: true, nameHint: 'Gunnar', pendingAction: action },
    });
  });

  it('sign-in holds the action but carries no name, as sign-in has no name field', () => {
    expect(guestPromptStep(action, { type: 'signIn', create: false, name: 'Gunnar' })).toEqual({
      type: 'login',
      options: { create: false, pendingAction: action },
    });
  });

  it('register without a name opens the sign-up form empty', () => {
    expect(guestPromptStep(action, { type: 'signIn', create: true, name: '  ' })).toEqual({
      type: 'login',
      options: { create: true, pendingAction: action },
    });
  });
});
