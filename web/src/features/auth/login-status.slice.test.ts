import { describe, expect, it } from 'vitest';
import {
  appStarted,
  initialLoginState,
  type LoginState,
  type LoginStatus,
  loggedOut,
  loginFailed,
  loginStarted,
  loginStatusSlice,
  loginSucceeded,
  restoreInterrupted,
  sessionExpiredClosed,
  showsLoginWall,
  unauthenticatedDetected,
  userDisabledDetected,
  userDisabledShown,
} from './login-status.slice';

const reduce = loginStatusSlice.reducer;
const at = (status: LoginStatus, extra: Partial<LoginState> = {}): LoginState => ({
  ...initialLoginState,
  status,
  ...extra,
});

describe('login status reducer (account.md §4)', () => {
  it('starts NOT_STARTED', () => {
    expect(reduce(undefined, { type: 'init' }).status).toBe('NOT_STARTED');
  });

  it('app start with a stored token: NOT_STARTED → FETCHING', () => {
    expect(reduce(at('NOT_STARTED'), appStarted({ hasToken: true })).status).toBe('FETCHING');
  });

  it('app start without a token stays NOT_STARTED', () => {
    expect(reduce(at('NOT_STARTED'), appStarted({ hasToken: false })).status).toBe('NOT_STARTED');
  });

  it('postflight begins: NOT_STARTED → FETCHING, and FAILED → FETCHING for a second try', () => {
    expect(reduce(at('NOT_STARTED'), loginStarted()).status).toBe('FETCHING');
    expect(reduce(at('FAILED'), loginStarted()).status).toBe('FETCHING');
  });

  it('account loaded: FETCHING → AUTHENTICATED', () => {
    expect(reduce(at('FETCHING', { offline: true }), loginSucceeded())).toEqual(at('AUTHENTICATED'));
  });

  it('failed login: FETCHING → FAILED', () => {
    expect(reduce(at('FETCHING'), loginFailed()).status).toBe('FAILED');
  });

  it('no network while restoring keeps FETCHING and marks offline', () => {
    expect(reduce(at('FETCHING'), restoreInterrupted())).toEqual(at('FETCHING', { offline: true }));
  });

  it('no network outside a restore changes nothing', () => {
    expect(reduce(at('AUTHENTICATED'), restoreInterrupted())).toEqual(at('AUTHENTICATED'));
  });

  it('401: AUTHENTICATED → UNAUTHENTICATED and FETCHING → UNAUTHENTICATED', () => {
    expect(reduce(at('AUTHENTICATED'), unauthenticatedDetected()).status).toBe('UNAUTHENTICATED');
    expect(reduce(at('FETCHING'), unauthenticatedDetected()).status).toBe('UNAUTHENTICATED');
  });

  it('401 without a session (NOT_STARTED, FAILED) changes nothing', () => {
    expect(reduce(at('NOT_STARTED'), unauthenticatedDetected()).status).toBe('NOT_STARTED');
    expect(reduce(at('FAILED'), unauthenticatedDetected()).status).toBe('FAILED');
  });

  it('session-expired prompt closed: UNAUTHENTICATED → FAILED', () => {
    expect(reduce(at('UNAUTHENTICATED'), sessionExpiredClosed()).status).toBe('FAILED');
    expect(reduce(at('AUTHENTICATED'), sessionExpiredClosed()).status).toBe('AUTHENTICATED');
  });

  it('disabled account: → FAILED with the terminated-page flag, cleared once shown', () => {
    const disabled = reduce(at('AUTHENTICATED'), userDisabledDetected());
    expect(disabled).toEqual(at('FAILED', { userDisabled: true }));
    expect(reduce(disabled, userDisabledShown())).toEqual(at('FAILED'));
  });

  it('log out: AUTHENTICATED → FAILED', () => {
    expect(reduce(at('AUTHENTICATED'), loggedOut()).status).toBe('FAILED');
  });

  it('shows the login wall for NOT_STARTED and FAILED only', () => {
    expect(
      (['NOT_STARTED', 'FETCHING', 'AUTHENTICATED', 'FAILED', 'UNAUTHENTICATED'] as const).filter(
        showsLoginWall,
      ),
    ).toEqual(['NOT_STARTED', 'FAILED']);
  });
});
