import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Album } from '@nordlys/contract/album';
import type { FileRecord } from '@nordlys/contract/file';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { signUp, uniqueEmail } from './account-steps';
import { ApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

/** The signed-in browser's own device token, for seeding its library through the API. */
async function apiUserOf(browser: BrowserSession): Promise<ApiUser> {
  const token = await browser.page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  return new ApiUser(baseUrl, token as string);
}

async function call<T>(user: ApiUser, method: string, apiPath: string, json?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/st/4${apiPath}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`nordlys:${user.token}`).toString('base64')}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  expect(response.status, `${method} ${apiPath}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function albumWith(user: ApiUser, name: string, files: FileRecord[]): Promise<Album> {
  const album = await call<Album>(user, 'POST', '/jobs', { type: 'story', name });
  for (const file of files) {
    await call(user, 'POST', `/jobs/${album.id}/files_dedup`, {
      path: file.path,
      checksum: file.checksum,
      mtime: file.mtime,
      policy: 'no_duplicates',
      want_json: true,
    });
  }
  return album;
}

/** The entries of a ZIP the browser saved, after Info-ZIP has checked every one. */
function zipEntries(file: string): string[] {
  expect(execFileSync('unzip', ['-t', '-qq', file], { encoding: 'utf8' })).toBe('');
  return execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
}

describe('downloads and takeout in Chromium', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  it('downloads an album as a ZIP from the takeout page and marks it visited', async () => {
    const browser = await openBrowser();
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, { baseUrl, email: uniqueEmail('takeout'), name: 'Tove' });
    const user = await apiUserOf(browser);
    // Off the timeline while the library is seeded: its thumbnails are still being made.
    await page.goto('about:blank');
    const now = Math.floor(Date.now() / 1000);
    const photos = [
      await user.upload(path.join(FIXTURES, 'photo-exif.jpg'), now - 86_400),
      await user.upload(path.join(FIXTURES, 'rotated-orientation6.jpg'), now),
    ];
    for (const photo of photos) await user.waitForUrl(photo.thumbURLSmall ?? '');
    await albumWith(user, 'Fjord trip', photos);
    await albumWith(user, 'Harbour', photos.slice(0, 1));
    await call(user, 'POST', '/jobs', { type: 'story', name: 'Nothing yet' });

    await page.goto(`${baseUrl}/settings/takeout`);
    await page.getByRole('heading', { name: 'Download everything', level: 1 }).waitFor();
    await page.getByText('2 files,').waitFor();
    const fjord = page.getByRole('listitem').filter({ hasText: 'Fjord trip' });
    await fjord.getByText('2 files').waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Harbour' })
      .getByText('1 file', { exact: true })
      .waitFor();
    // Albums without files are not listed.
    expect(await page.getByText('Nothing yet').count()).toBe(0);
    await browser.screenshot('takeout-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      fjord.getByRole('button', { name: 'Download Fjord trip' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Fjord trip.zip');
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-dl-')), 'album.zip');
    await download.saveAs(saved);
    expect(zipEntries(saved)).toEqual(['Journey/photo-exif.jpg', 'Journey/rotated-orientation6.jpg']);
    await fjord.getByText('Downloaded').waitFor();

    // The mark stays after a reload; the timeline downloads as one archive too.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'Fjord trip' }).getByText('Downloaded').waitFor();
    expect(
      await page.getByRole('listitem').filter({ hasText: 'Harbour' }).getByText('Downloaded').count(),
    ).toBe(0);
    const [timeline] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).first().click(),
    ]);
    const timelineZip = path.join(path.dirname(saved), 'timeline.zip');
    await timeline.saveAs(timelineZip);
    expect(zipEntries(timelineZip)).toHaveLength(2);
    await browser.screenshot('takeout-visited-desktop');
    expect(browser.errors).toEqual([]);
  });

  it('shows the page at 375 px, and only the not-available text on a phone', async () => {
    const narrow = await openBrowser({ width: 375, height: 812 });
    sessions.push(narrow);
    await signUp(narrow, { baseUrl, email: uniqueEmail('narrow'), name: 'Nils' });
    const user = await apiUserOf(narrow);
    await narrow.page.goto('about:blank');
    const photo = await user.upload(path.join(FIXTURES, 'photo-exif.jpg'), Math.floor(Date.now() / 1000));
    await user.waitForUrl(photo.thumbURLSmall ?? '');
    await albumWith(user, 'A long album title from the summer at the cabin by the sea', [photo]);
    await narrow.page.goto(`${baseUrl}/settings/takeout`);
    await narrow.page.getByText('1 file,').waitFor();
    await narrow.screenshot('takeout-375');

    const phone = await openBrowser({ width: 375, height: 812, isMobile: true });
    sessions.push(phone);
    await phone.context.addInitScript(() => {
      Object.defineProperty(navigator, 'userAgent', {
        get: () =>
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      });
    });
    await signUp(phone, { baseUrl, email: uniqueEmail('phone'), name: 'Pia' });
    await phone.page.goto(`${baseUrl}/settings/takeout`);
    await phone.page.getByText('not available on mobile devices').waitFor();
    expect(await phone.page.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await phone.page.getByRole('link', { name: 'Back to privacy' }).waitFor();
    await phone.screenshot('takeout-mobile-375');
    expect(narrow.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
