import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Album } from '@nordlys/contract/album';
import { albumIdToB64 } from '@nordlys/contract/album-id';
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

/** `count` more files in a job, each the seed's bytes under a new name: rows are cheap, no upload. */
async function linkCopies(user: ApiUser, jobId: string, seed: FileRecord, count: number): Promise<void> {
  for (let start = 0; start < count; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, i) =>
        call(user, 'POST', `/jobs/${jobId}/files_dedup`, {
          path: `Bulk/${start + i}.jpg`,
          checksum: seed.checksum,
          mtime: seed.mtime,
          policy: 'keep_both',
          want_json: true,
        }),
      ),
    );
  }
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

  /** A new account with two photos uploaded a day apart, their thumbnails made. */
  const signedUpWithTwoPhotos = async (label: string, name: string) => {
    const browser = await openBrowser();
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, { baseUrl, email: uniqueEmail(label), name });
    const user = await apiUserOf(browser);
    // Off the timeline while the library is seeded: its thumbnails are still being made.
    await page.goto('about:blank');
    const now = Math.floor(Date.now() / 1000);
    const photos = [
      await user.upload(path.join(FIXTURES, 'photo-exif.jpg'), now - 86_400),
      await user.upload(path.join(FIXTURES, 'rotated-orientation6.jpg'), now),
    ];
    for (const photo of photos) await user.waitForUrl(photo.thumbURLSmall ?? '');
    return { browser, page, user, photos };
  };

  it('downloads an album as a ZIP from the takeout page and marks it visited', async () => {
    const { browser, page, user, photos } = await signedUpWithTwoPhotos('takeout', 'Tove');
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

    // The mark stays after a reload.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'Fjord trip' }).getByText('Downloaded').waitFor();
    expect(
      await page.getByRole('listitem').filter({ hasText: 'Harbour' }).getByText('Downloaded').count(),
    ).toBe(0);

    // The timeline splits per year: the photos were taken in 2023 and 2021, so the downloader
    // lists one part a year, newest first, and each part is saved by its own click.
    await page.getByRole('button', { name: 'Download', exact: true }).first().click();
    const downloader = page.getByRole('dialog', { name: 'Download “Timeline” in parts' });
    await downloader.waitFor();
    const parts = downloader.getByRole('listitem');
    expect(await parts.count()).toBe(2);
    const names = await downloader.locator('.downloader__page-name').allTextContents();
    expect(names.map((name) => name.match(/(\d{4})\.zip$/)?.[1])).toEqual(['2023', '2021']);
    const dir = path.dirname(saved);
    const entries: string[] = [];
    for (const [index, name] of names.entries()) {
      const [part] = await Promise.all([
        page.waitForEvent('download'),
        parts
          .nth(index)
          .getByRole('button', { name: /^Download / })
          .click(),
      ]);
      expect(part.suggestedFilename()).toBe(name);
      const file = path.join(dir, `year-${index}.zip`);
      await part.saveAs(file);
      entries.push(...zipEntries(file));
      await parts.nth(index).getByText('Downloaded').waitFor();
    }
    expect(entries.sort()).toEqual(['Journey/photo-exif.jpg', 'Journey/rotated-orientation6.jpg']);
    await downloader.getByText('2 of 2 parts downloaded').waitFor();
    await browser.screenshot('takeout-visited-desktop');
    await downloader.getByRole('button', { name: 'Done' }).click();
    await downloader.waitFor({ state: 'detached' });
    expect(browser.errors).toEqual([]);
  });

  it('downloads an album from its page as a ZIP, and a large album in parts', async () => {
    const { browser, page, user, photos } = await signedUpWithTwoPhotos('albumzip', 'Arne');
    const small = await albumWith(user, 'Fjord trip', photos);

    await page.goto(`${baseUrl}/albums/${albumIdToB64(small.id)}`);
    await page.getByRole('heading', { name: 'Fjord trip', level: 1 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Fjord trip.zip');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-album-'));
    await download.saveAs(path.join(dir, 'album.zip'));
    expect(zipEntries(path.join(dir, 'album.zip'))).toEqual([
      'Journey/photo-exif.jpg',
      'Journey/rotated-orientation6.jpg',
    ]);

    // 501 files: one more than an archive holds. The same bytes linked under new names.
    const big = await call<Album>(user, 'POST', '/jobs', { type: 'story', name: 'Everything' });
    await linkCopies(user, big.id, photos[0] as FileRecord, 501);
    await page.goto(`${baseUrl}/albums/${albumIdToB64(big.id)}`);
    await page.getByRole('heading', { name: 'Everything', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    // The album alert first, then the downloader with the parts.
    const alert = page.getByRole('dialog', { name: 'Album too large to download at once' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    const downloader = page.getByRole('dialog', { name: 'Download “Everything” in parts' });
    await downloader.waitFor();
    const year = new Date().getFullYear();
    expect(await downloader.locator('.downloader__page-name').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(` ${year} \\(1\\)\\.zip$`)),
      expect.stringMatching(new RegExp(` ${year} \\(2\\)\\.zip$`)),
    ]);
    await downloader.getByText('500 files ·').waitFor();
    await browser.screenshot('downloader-desktop');

    const second = downloader.getByRole('listitem').nth(1);
    const [part] = await Promise.all([
      page.waitForEvent('download'),
      second.getByRole('button', { name: /^Download / }).click(),
    ]);
    await part.saveAs(path.join(dir, 'part-2.zip'));
    expect(zipEntries(path.join(dir, 'part-2.zip'))).toHaveLength(1);
    await second.getByText('Downloaded').waitFor();

    // Minimised, the progress box counts the parts; maximised, the list is back.
    await downloader.getByRole('button', { name: 'Minimise' }).click();
    const box = page.getByRole('region', { name: 'Download “Everything” in parts' });
    await box.getByText('1 of 2 parts downloaded').waitFor();
    await browser.screenshot('download-box-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await browser.screenshot('download-box-375');
    await box.getByRole('button', { name: 'Show parts' }).click();
    await downloader.waitFor();
    await browser.screenshot('downloader-375');
    await page.keyboard.press('Escape');
    await box.waitFor();
    await box.getByRole('button', { name: 'Close the download' }).click();
    await box.waitFor({ state: 'detached' });
    expect(browser.errors).toEqual([]);
  }, 180_000);

  it('splits a selection of 501 timeline files into parts after the count alert', async () => {
    const browser = await openBrowser();
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, { baseUrl, email: uniqueEmail('selection'), name: 'Siri' });
    const user = await apiUserOf(browser);
    await page.goto('about:blank');
    const photo = await user.upload(path.join(FIXTURES, 'photo-exif.jpg'), Math.floor(Date.now() / 1000));
    await user.waitForUrl(photo.thumbURLSmall ?? '');
    // 500 more in the same month (taken July 2023): 501 in all, one more than an archive holds.
    await linkCopies(user, 'default', photo, 500);

    await page.goto(`${baseUrl}/photos`);
    const month = page.getByRole('region', { name: 'July 2023' });
    await month.getByRole('button', { name: 'Select all in July 2023' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Selected files' });
    await toolbar.getByText('501 selected').waitFor();
    await toolbar.getByRole('button', { name: 'Download' }).click();
    const alert = page.getByRole('dialog', { name: 'Too many files for one download' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    const downloader = page.getByRole('dialog', { name: 'Download in parts' });
    await downloader.waitFor();
    expect(await downloader.getByRole('listitem').count()).toBe(2);
    await downloader.getByText('500 files ·').waitFor();
    await downloader.getByText('1 file ·').waitFor();
    // The download cleared the selection; the parts stay in the downloader.
    await toolbar.waitFor({ state: 'detached' });
    const [part] = await Promise.all([
      page.waitForEvent('download'),
      downloader
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /^Download / })
        .click(),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-sel-')), 'part-1.zip');
    await part.saveAs(file);
    expect(zipEntries(file)).toHaveLength(500);
    await downloader.getByText('1 of 2 parts downloaded').waitFor();
    expect(browser.errors).toEqual([]);
  }, 180_000);

  it('shows the page at 375 px', async () => {
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
    expect(narrow.errors).toEqual([]);
  });

  it('on a phone the page keeps its heading over the not-available text', async () => {
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
    const headings = phone.page.getByRole('heading', { level: 1 });
    expect(await headings.allTextContents()).toEqual(['Download everything']);
    // The heading comes before the explanation, as on a computer.
    const heading = (await headings.boundingBox())!;
    const text = (await phone.page.getByText('not available on mobile devices').boundingBox())!;
    expect(heading.y + heading.height).toBeLessThanOrEqual(text.y);
    await phone.screenshot('takeout-mobile-375');
    expect(phone.errors).toEqual([]);
  });
});
