import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../fixtures-made/media';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

let user: ApiUser;
let video: FileRecord;
let browser: BrowserSession | undefined;

// A thumbnail still being made answers 503 and the browser logs that; it is the protocol, not a fault.
const realErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'dusk');
  const now = Math.floor(Date.now() / 1000);
  const photo = await user.upload(path.join(fixturesDir, 'photo-exif.jpg'), now);
  video = await user.upload(path.join(fixturesDir, 'clip.mp4'), now);
  await user.upload(path.join(fixturesDir, 'document.pdf'), now);
  await user.waitForUrl(photo.thumbURLLarge!);
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

// The accent changes role on dark surfaces (a brighter green, fills with near-black text), so the
// screens are held to the same contrast check in the dark theme too.
describe('the dark theme', () => {
  it('signed out: the start page, the login wall and the sign-in page', async () => {
    browser = await openBrowser({ colorScheme: 'dark' });
    const { page } = browser;
    await page.goto(baseUrl);
    await page.locator('h1').first().waitFor();
    await browser.screenshot('dark-home-desktop');

    await page.goto(`${baseUrl}/photos`);
    await page.getByText('This page is only accessible to logged in users.').waitFor();
    await browser.screenshot('dark-login-wall-desktop');

    await page.goto(`${baseUrl}/login`);
    await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
    await page.getByLabel('E-mail').waitFor();
    await browser.screenshot('dark-sign-in-desktop');
    expect(browser.errors).toEqual([]);
  });

  it('signed in: the timeline with a selection, documents, settings and the user menu', async () => {
    browser = await user.browser({ colorScheme: 'dark' });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await expect
      .poll(() => page.locator('.timeline-tile__img--loaded').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await browser.screenshot('dark-timeline-desktop');

    const tile = page.locator(`.timeline-tile[data-file-id="${video.fileID}"]`);
    await tile.hover();
    await tile.getByRole('button', { name: /^Select / }).click();
    await page.getByRole('toolbar', { name: 'Selected files' }).getByText('1 selected').waitFor();
    await browser.screenshot('dark-timeline-selection-desktop');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/documents`);
    await page.getByRole('row', { name: /document\.pdf/ }).waitFor();
    await browser.screenshot('dark-documents-desktop');

    await page.goto(`${baseUrl}/settings`);
    await expect.poll(() => page.getByRole('textbox', { name: /Name/ }).inputValue()).toBe('dusk');
    await browser.screenshot('dark-settings-desktop');

    await page.getByRole('button', { name: 'Signed in as dusk' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await browser.screenshot('dark-user-menu-desktop');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('on a phone: the timeline and the burger menu', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true, colorScheme: 'dark' });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await expect
      .poll(() => page.locator('.timeline-tile__img--loaded').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await browser.screenshot('dark-timeline-mobile');
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page
      .getByRole('menuitem', { name: /albums/i })
      .first()
      .waitFor();
    await browser.screenshot('dark-burger-menu-mobile');
    expect(realErrors(browser.errors)).toEqual([]);
  });
});
