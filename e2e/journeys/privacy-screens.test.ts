import { afterEach, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { type BrowserSession, openBrowser } from '../support/browser';
import { signIn, signUp, uniqueEmail } from './account-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

describe('privacy screens in Chromium', () => {
  const sessions: BrowserSession[] = [];
  const open = async (options?: Parameters<typeof openBrowser>[0]) => {
    const session = await openBrowser(options);
    sessions.push(session);
    return session;
  };
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  it('requests a copy of the data, deletes the account and shows it terminated', async () => {
    const email = uniqueEmail('leaving');
    const b = await open();
    await signUp(b, { baseUrl, email, name: 'Leaving Person' });
    await b.page.goto(`${baseUrl}/settings`);
    await b.page.getByRole('link', { name: /Copy of your data/ }).waitFor();
    await b.screenshot('settings-hub-desktop');

    await b.page.getByRole('link', { name: /Copy of your data/ }).click();
    await b.page.getByRole('button', { name: 'Request a copy' }).click();
    await b.page.getByRole('button', { name: 'Download copy' }).waitFor({ timeout: 20_000 });
    await b.page.getByText('Metadata recently downloaded, please wait 24 hours').waitFor();
    expect(await b.page.getByRole('button', { name: 'Request a copy' }).isDisabled()).toBe(true);
    const download = b.page.waitForEvent('download');
    await b.page.getByRole('button', { name: 'Download copy' }).click();
    expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await b.screenshot('privacy-data-copy-desktop');

    await b.page.getByRole('button', { name: 'Delete account' }).click();
    await b.page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = b.page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await b.screenshot('privacy-delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    await b.page.getByRole('heading', { name: 'Your account is being deleted' }).waitFor();
    for (const fact of [
      'We have received your request.',
      'You are logged out of all your devices.',
      'Everything is deleted within 30 days.',
      'We have sent you a confirmation by e-mail.',
    ]) {
      await b.page.getByText(fact).waitFor();
    }
    await b.screenshot('privacy-deleted-desktop');
    // The server ended every session: this one's token is gone too, so no call asks to sign in again.
    expect(await b.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // account.md §7: within 24 hours the availability check fails (429), as it is meant to.
    const tooSoon = /status of 429 .*request_data_access_availability/;
    expect(b.errors.filter((error) => !tooSoon.test(error))).toEqual([]);
    await b.page.getByRole('button', { name: 'Go to the start page' }).click();
    await expect.poll(() => new URL(b.page.url()).pathname).toBe('/');

    // Signing in again shows that the account was terminated by its user.
    const again = await open();
    await again.page.goto(`${baseUrl}/login`);
    await again.page.waitForURL((url) => url.pathname.startsWith('/idp/'));
    await again.page.getByLabel('E-mail').fill(email);
    await again.page.getByLabel('Password').fill('correct horse battery staple');
    await again.page.getByRole('button', { name: 'Sign in' }).click();
    await again.page.getByText('The account has been terminated by its user').waitFor();
  });

  it('shows the sunset deletion prompt once, and the pages at 375 px', async () => {
    const email = uniqueEmail('sunset');
    const b = await open({ width: 375, height: 812, isMobile: true });
    await signUp(b, { baseUrl, email, name: 'Sunset Person' });
    expect(
      await runAdmin(['user:sunset', '--email', email, '--date', '2027-03-01'], serverEnv, () => {}),
    ).toBe(0);
    await signIn(b, { baseUrl, email, returnTo: '/settings/privacy' });
    const prompt = b.page.getByRole('dialog', { name: 'The free version is ending' });
    await prompt.waitFor();
    await prompt.getByText('March 1, 2027').waitFor();
    await b.screenshot('sunset-mobile');
    await prompt.getByRole('button', { name: 'Close' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await b.page.getByRole('switch', { name: 'Offers and tips by e-mail' }).waitFor();
    await b.screenshot('privacy-mobile');
    await b.page.reload();
    await b.page.getByRole('switch', { name: 'Offers and tips by e-mail' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await b.page.getByRole('dialog', { name: 'The free version is ending' }).count()).toBe(0);

    await b.page.getByRole('button', { name: 'Digital legacy' }).click();
    await b.page.getByRole('radio', { name: 'Give my content to nobody' }).click();
    await b.page.getByText('Saved').waitFor();
    await b.screenshot('privacy-legacy-mobile');

    await b.page.goto(`${baseUrl}/settings/_advanced`);
    await b.page.getByText('There are no advanced settings for your account.').waitFor();
    await b.screenshot('advanced-mobile');
    await b.page.goto(`${baseUrl}/settings/unsubscribe`);
    await b.page.getByRole('button', { name: 'Stay' }).click();
    await b.page.getByRole('heading', { name: 'Your choice is saved' }).waitFor();
    await b.page.getByText('E-mail settings saved').waitFor();
    await b.screenshot('unsubscribe-saved-mobile');
    expect(b.errors).toEqual([]);
  });

  it('asks for a newer browser where the app cannot run', async () => {
    for (const [name, size] of [
      ['upgrade-browser-desktop', { width: 1280, height: 800 }],
      ['upgrade-browser-mobile', { width: 375, height: 812, isMobile: true }],
    ] as const) {
      const b = await open(size);
      // A browser without ResizeObserver is too old for the grids.
      await b.page.addInitScript(() => {
        Reflect.deleteProperty(window, 'ResizeObserver');
      });
      await b.page.goto(`${baseUrl}/photos`);
      await b.page.getByRole('heading', { name: 'Please upgrade your browser' }).waitFor();
      await b.page.getByText('Missing: ResizeObserver').waitFor();
      await b.screenshot(name);
      expect(b.errors).toEqual([]);
    }
  });
});
