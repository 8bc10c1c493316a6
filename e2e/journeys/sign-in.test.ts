import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { signUp, uniqueEmail } from './account-steps';

const baseUrl = inject('baseUrl');
const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photo-exif.jpg');

describe('sign-up, name change and log out in Chromium', () => {
  let browser: BrowserSession;

  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    await browser.close();
  });

  it('creates an account on the built-in provider, lands signed in, renames, logs out', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    // Signed out, the timeline is behind the login wall.
    await page.getByText('This page is only accessible to logged in users.').waitFor();
    await browser.screenshot('login-wall-desktop');

    await signUp(browser, {
      baseUrl,
      email: uniqueEmail('ada'),
      name: 'Ada Lovelace',
      screenshot: 'sign-up-desktop',
    });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/photos');
    expect(await page.getByText('This page is only accessible to logged in users.').count()).toBe(0);
    // Signed in, the client has read the service host directory (all five hosts, here this server).
    const origin = new URL(baseUrl).origin;
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('serviceDict') ?? 'null')))
      .toEqual({
        appHost: origin,
        thumbHost: origin,
        videoHost: origin,
        pollHost: origin,
        downloadHost: origin,
      });

    await page.getByRole('button', { name: 'Signed in as Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Ada Lovelace' }).waitFor();
    await browser.screenshot('user-menu-desktop');
    await page.getByRole('menuitem', { name: 'Settings' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings');
    const name = page.getByRole('textbox', { name: /Name/ });
    await expect.poll(() => name.inputValue()).toBe('Ada Lovelace');
    await browser.screenshot('settings-desktop');
    await name.fill('Ada King');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved').waitFor();
    await browser.expectAccessible('settings-saved');
    // The name lives on the server: it survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Signed in as Ada King' }).click();
    await page.getByRole('menuitem', { name: 'Ada King' }).waitFor();

    await page.keyboard.press('Escape');

    // Profile picture: choose from the device, crop to the circle, OK; the avatar shows it.
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('link', { name: 'Change picture' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/selectProfilePicture');
    await browser.screenshot('profile-picture-choose-desktop');
    await page.locator('input[type="file"]').setInputFiles(PHOTO);
    await page.getByRole('slider', { name: 'Zoom' }).fill('1.5');
    await browser.screenshot('profile-picture-crop-desktop');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings');
    const avatar = page.getByRole('img', { name: 'Profile picture of Ada King' }).first();
    await expect
      .poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await avatar.getAttribute('src')).toMatch(/\/profile_picture\//);
    await browser.screenshot('settings-with-picture-desktop');

    await page.getByRole('button', { name: 'Signed in as Ada King' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await browser.expectAccessible('home-signed-out');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto(`${baseUrl}/settings`);
    await page.getByText('This page is only accessible to logged in users.').waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('returns a visitor to the page they signed in from, at 375 px', async () => {
    const mobile = await openBrowser({ width: 375, height: 812, isMobile: true });
    try {
      const { page } = mobile;
      await page.goto(`${baseUrl}/settings/devices`);
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      await mobile.screenshot('login-wall-mobile');
      await signUp(mobile, {
        baseUrl,
        email: uniqueEmail('grace'),
        name: 'Grace Hopper',
        startFrom: 'wall',
        screenshot: 'sign-up-mobile',
      });
      await expect.poll(() => new URL(page.url()).pathname).toBe('/settings/devices');
      await page.getByText('This device').waitFor();
      await mobile.screenshot('devices-mobile');
      expect(mobile.errors).toEqual([]);
    } finally {
      await mobile.close();
    }
  });
});
