import { afterEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { signIn, signUp, uniqueEmail } from './account-steps';

const baseUrl = inject('baseUrl');

describe('devices in Chromium', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  it('removing a device from another session expires the first one', async () => {
    const email = uniqueEmail('linus');
    const a = await openBrowser();
    sessions.push(a);
    await signUp(a, { baseUrl, email, name: 'Linus' });
    await expect.poll(() => new URL(a.page.url()).pathname).toBe('/photos');
    const deviceA = await a.page.evaluate(
      () => JSON.parse(localStorage.getItem('capture_device')!).device_id,
    );

    const b = await openBrowser();
    sessions.push(b);
    await signIn(b, { baseUrl, email, returnTo: '/settings/devices', screenshot: 'sign-in-desktop' });
    await expect.poll(() => new URL(b.page.url()).pathname).toBe('/settings/devices');
    await b.page.getByText('This device').waitFor();
    const removeButtons = b.page.getByRole('button', { name: /^Remove / });
    await expect.poll(() => removeButtons.count()).toBe(2);
    await b.screenshot('devices-desktop');

    // B's own row carries the 'This device' mark; the other row is A.
    const rowA = b.page.getByRole('listitem').filter({ hasNotText: 'This device' });
    await rowA.getByRole('button', { name: /^Remove / }).click();
    const confirm = b.page.getByRole('alertdialog');
    await confirm.waitFor();
    await b.screenshot('devices-confirm-desktop');
    await confirm.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => removeButtons.count()).toBe(1);
    expect(await b.page.getByText('This device').count()).toBe(1);

    // A's token no longer works: the next call answers 401 and the prompt appears.
    await a.page.goto(`${baseUrl}/settings`);
    const expired = a.page.getByRole('alertdialog', { name: 'Your session has expired' });
    await expired.waitFor();
    await expired.getByRole('button', { name: 'Sign in' }).waitFor();
    await a.screenshot('session-expired-desktop');
    expect(await a.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // The removed device is gone from the server's list, as B sees after a reload.
    await b.page.reload();
    await b.page.getByText('This device').waitFor();
    expect(await b.page.getByRole('button', { name: /^Remove / }).count()).toBe(1);
    await b.expectAccessible('devices-one-left');
    expect(deviceA).toBeTruthy();

    await expired.getByRole('button', { name: 'Close' }).click();
    await a.page.getByText('This page is only accessible to logged in users.').waitFor();
    await a.expectAccessible('login-wall-after-expiry');
    expect(a.errors.filter((error) => !error.includes('401'))).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it('shows the session-expired dialog at 375 px', async () => {
    const email = uniqueEmail('mobile');
    const a = await openBrowser({ width: 375, height: 812, isMobile: true });
    sessions.push(a);
    await signUp(a, { baseUrl, email, name: 'Mo Bile' });
    const b = await openBrowser();
    sessions.push(b);
    await signIn(b, { baseUrl, email, returnTo: '/settings/devices' });
    await b.page.getByText('This device').waitFor();
    await b.page
      .getByRole('listitem')
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^Remove / })
      .click();
    await b.page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => b.page.getByRole('button', { name: /^Remove / }).count()).toBe(1);

    await a.page.goto(`${baseUrl}/settings`);
    await a.page.getByRole('alertdialog', { name: 'Your session has expired' }).waitFor();
    await a.screenshot('session-expired-mobile');
  });
});
