import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { DebugPage } from './debug-page.component';

afterEach(() => vi.unstubAllGlobals());

const renderPage = (testEndpoints: boolean) =>
  render(
    <MemoryRouter>
      <DebugPage testEndpoints={testEndpoints} />
    </MemoryRouter>,
  );

describe('debug page (account.md §2)', () => {
  it('deletes the test payment data and lists the supported file types', async () => {
    const calls = fakeApi({ 'POST /test/delete_stripe_data': new Response(null, { status: 200 }) });
    renderPage(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Debug tools' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Test flags' }).getAttribute('href')).toBe('/settings/testFlags');
    expect(screen.getByText(/^Pictures: .*\bheic\b/)).toBeTruthy();
    expect(screen.getByText(/^Videos: .*\bmov\b/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete test payment data' }));
    expect(await screen.findByText('Test payment data deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/test/delete_stripe_data']);
  });

  it('says so when the deletion fails', async () => {
    fakeApi({ 'POST /test/delete_stripe_data': jsonResponse({ error: 'Not found' }, 404) });
    renderPage(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete test payment data' }));
    const status = await screen.findByText('Test payment data could not be deleted.');
    expect(status.getAttribute('role')).toBe('status');
  });

  it('offers no tools while the server’s test routes are off', () => {
    const calls = fakeApi({});
    const view = renderPage(false);
    expect(within(view.container).queryByRole('button')).toBeNull();
    expect(screen.getByText(/test routes, which are off/)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
