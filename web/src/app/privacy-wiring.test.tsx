import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErrorInfo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount } from '../test/account.test-data';
import { fakeApi, jsonResponse } from '../test/fake-api';
import { reportScreenError } from './privacy-wiring';
import { renderAppAt } from './test-utils';

const ID = 'bm9yZGx5cy1lbWFpbC1jb25zZW50';

afterEach(() => vi.unstubAllGlobals());

describe('/emailSettings', () => {
  it('throws a refused change to the error boundary with its message', async () => {
    const calls = fakeApi({
      'GET /user/email_consent': jsonResponse({ email_consent: true, email_consent_identifier: ID }),
      'POST /user/email_consent': jsonResponse({ error: 'Internal Server Error' }, 500),
      'POST /client_errors': new Response(null, { status: 204 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAppAt(`/emailSettings?id=${ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stay' }));
    expect(await screen.findByText('Failed to change email subscribe settings')).toBeTruthy();
    // Signed out, with the identifier only: no token goes with the calls.
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/user/email_consent');
    expect(posted?.body).toEqual({ email_consent: true, email_consent_identifier: ID });
    expect(posted?.authorization).toBeNull();
  });

  it('says so when the request got no answer', async () => {
    fakeApi({
      'GET /user/email_consent': jsonResponse({ email_consent: true, email_consent_identifier: ID }),
      'POST /user/email_consent': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAppAt(`/emailSettings?id=${ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stay' }));
    expect(await screen.findByText('Request to server failed')).toBeTruthy();
  });

  it('shows the saved state on Stay, saving the radio’s choice', async () => {
    const calls = fakeApi({
      'GET /user/email_consent': jsonResponse({ email_consent: false, email_consent_identifier: ID }),
      'POST /user/email_consent': jsonResponse({ email_consent: true, email_consent_identifier: ID }),
    });
    renderAppAt(`/emailSettings?id=${ID}`, undefined, { account: sampleAccount() });
    const user = userEvent.setup();
    expect(await screen.findByText('You are unsubscribed at the moment.')).toBeTruthy();
    // Unsubscribed: the radio says so, and Stay would keep it (after asking).
    expect(screen.getByRole('radio', { name: 'Unsubscribe from e-mails' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.click(screen.getByRole('radio', { name: 'Keep getting e-mails' }));
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(await screen.findByRole('heading', { name: 'Your choice is saved' })).toBeTruthy();
    expect(screen.getByText('You keep getting e-mails from us.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ email_consent: true });
  });
});

describe('error reports', () => {
  it('sends half of them, without control characters', async () => {
    const calls = fakeApi({ 'POST /client_errors': new Response(null, { status: 204 }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = { componentStack: '\n    at Page' } as ErrorInfo;
    reportScreenError(new Error('kept\u0007'), info, () => 0.2);
    reportScreenError(new Error('dropped'), info, () => 0.7);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ message: 'Error: kept', url: '/' });
  });
});
