import { afterEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { signIn, signUp, uniqueEmail } from './account-steps';
import { createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

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

  it('names each device row and its remove button by the device and its last use', async () => {
    const email = uniqueEmail('twins');
    const first = await openBrowser();
    sessions.push(first);
    await signUp(first, { baseUrl, email, name: 'Tvilling' });
    for (const _ of [1, 2]) {
      const other = await openBrowser();
      sessions.push(other);
      await signIn(other, { baseUrl, email });
    }
    const viewer = sessions.at(-1)!;
    await viewer.page.goto(`${baseUrl}/settings/devices`);
    await viewer.page.getByText('This device').waitFor();
    const rows = viewer.page.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    // Three sessions of the same browser: the same device name, told apart by their last use.
    const names = await rows.evaluateAll((items) =>
      items.map((item) => item.getAttribute('aria-label') ?? ''),
    );
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toMatch(/^Chrome on Linux, this device$/);
    // Used within the same minute, they are numbered, on screen as in their names.
    for (const name of names.slice(1)) {
      expect(name).toMatch(/^Chrome on Linux( \([12]\))?, last used .*\d{1,2}:\d{2}/);
    }
    expect(new Set(await rows.allInnerTexts()).size).toBe(3);
    const removes = await viewer.page
      .getByRole('button', { name: /^Remove / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(removes).toEqual(names.map((name) => `Remove ${name}`));
    // The accessible names are the ones assistive technology reads out.
    const tree = await viewer.page.getByRole('list').first().ariaSnapshot();
    for (const name of names) expect(tree).toContain(`listitem "${name}"`);
    await viewer.screenshot('devices-same-browser-desktop');
    expect(viewer.errors).toEqual([]);
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

  it('settings and devices stay one centred column on a wide screen and fit a phone', async () => {
    // An admin-made user: the journeys' sign-ups share one address's sign-up allowance.
    const wide = await (await createApiUser(serverEnv, baseUrl, 'wide')).browser({
      width: 1440,
      height: 900,
    });
    sessions.push(wide);
    for (const [path, name] of [
      ['/settings', 'settings-desktop-1440'],
      ['/settings/devices', 'devices-desktop-1440'],
    ] as const) {
      await wide.page.goto(`${baseUrl}${path}`);
      await wide.page.getByRole('heading', { level: 1 }).waitFor();
      const column = (await wide.page.locator('#main h1').first().boundingBox())!;
      // The column starts where a 640 px column centred in 1440 px starts (plus its padding).
      expect(column.x).toBeGreaterThanOrEqual(400 - 1);
      expect(column.x).toBeLessThanOrEqual(400 + 32);
      await wide.screenshot(name);
    }
    const phone = await openBrowser({ width: 375, height: 812, isMobile: true });
    sessions.push(phone);
    await signUp(phone, { baseUrl, email: uniqueEmail('phone'), name: 'Phone Screen' });
    await phone.page.goto(`${baseUrl}/settings/devices`);
    await phone.page.getByText('This device').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot('devices-mobile');
    expect(wide.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
