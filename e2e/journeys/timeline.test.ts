import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { fixturesDir } from '../fixtures-made/media';
import { type BrowserSession, openBrowser } from '../support/browser';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

let token = '';

async function admin(args: string[]): Promise<string> {
  const lines: string[] = [];
  const code = await runAdmin(args, serverEnv, (line: string) => lines.push(line));
  expect(code).toBe(0);
  return lines.join('\n').trim();
}

const auth = () => `Basic ${Buffer.from(`nordlys:${token}`).toString('base64')}`;

async function api<T>(apiPath: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/st/4${apiPath}`, {
    ...init,
    headers: { Authorization: auth(), ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A real JPEG with its capture date in EXIF, so the server files it under that month. */
async function jpegTakenAt(date: string, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'Nordlys Journey' }, IFD2: { DateTimeOriginal: date } })
    .toBuffer();
}

async function upload(name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('path', name);
  form.append('mtime', String(Math.floor(Date.now() / 1000)));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const reply = await api<{ fileID?: string; file?: { fileID: string }; uuid?: string }>(
    '/jobs/default/upload',
    {
      method: 'POST',
      body: form,
    },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  const id = reply.body.fileID ?? reply.body.file?.fileID ?? reply.body.uuid;
  expect(typeof id).toBe('string');
  return id as string;
}

async function signedIn(options: Parameters<typeof openBrowser>[0] = {}): Promise<BrowserSession> {
  const browser = await openBrowser(options);
  await browser.context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return browser;
}

const tiles = (page: Page) => page.locator('.timeline-tile');
const tileCount = (page: Page) => tiles(page).count();
// A thumbnail still being made answers 503 and the browser logs that; it is the protocol, not a fault.
const realErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

/** Waits until every thumbnail in view has loaded (processing finishes in the background). */
async function thumbnailsLoaded(page: Page, count: number) {
  await expect
    .poll(() => page.locator('.timeline-tile__img--loaded').count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
}

const uploaded: Record<string, string> = {};

beforeAll(async () => {
  const email = `timeline-${Date.now()}@example.com`;
  await admin([
    'user:create',
    '--email',
    email,
    '--password',
    'timeline journey password',
    '--name',
    'Tia Timeline',
  ]);
  token = await admin(['token:create', '--email', email, '--device', 'timeline journey']);
});

describe('the timeline in Chromium', () => {
  let browser: BrowserSession;

  afterEach(async () => {
    await browser?.close();
  });

  it('offers a local upload on an empty timeline', async () => {
    browser = await signedIn();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await page.getByText('Your timeline is empty').waitFor();
    await browser.screenshot('timeline-empty-desktop');
    await page.getByRole('button', { name: 'Upload from this device' }).click();
    await page.getByRole('dialog', { name: 'Upload photos and videos' }).waitFor();
    await browser.expectAccessible('timeline-upload-dialog');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('shows the empty timeline on a phone', async () => {
    browser = await signedIn({ width: 375, height: 812, isMobile: true });
    await browser.page.goto(`${baseUrl}/photos`);
    await browser.page.getByText('Your timeline is empty').waitFor();
    await browser.screenshot('timeline-empty-mobile');
  });

  it('uploads, shows months, shift-selects a range, deletes with Undo, and opens the viewer', async () => {
    uploaded.july = await upload('photo-exif.jpg', fs.readFileSync(path.join(fixturesDir, 'photo-exif.jpg')));
    uploaded.julyEarly = await upload(
      'july-early.jpg',
      await jpegTakenAt('2023:07:02 09:00:00', { r: 40, g: 110, b: 200 }),
    );
    uploaded.march = await upload(
      'march.jpg',
      await jpegTakenAt('2022:03:10 10:00:00', { r: 220, g: 170, b: 40 }),
    );
    uploaded.december = await upload(
      'rotated-orientation6.jpg',
      fs.readFileSync(path.join(fixturesDir, 'rotated-orientation6.jpg')),
    );
    uploaded.decemberEarly = await upload(
      'december-early.jpg',
      await jpegTakenAt('2021:12:01 08:00:00', { r: 30, g: 160, b: 120 }),
    );

    browser = await signedIn();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    for (const month of ['July 2023', 'March 2022', 'December 2021']) {
      await page.getByRole('heading', { name: month }).waitFor();
    }
    await expect.poll(() => tileCount(page)).toBe(5);
    // Newest first within and across months.
    const order = await tiles(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-file-id')));
    expect(order).toEqual([
      uploaded.july,
      uploaded.julyEarly,
      uploaded.march,
      uploaded.december,
      uploaded.decemberEarly,
    ]);
    await thumbnailsLoaded(page, 5);
    const alt = await page
      .locator(`.timeline-tile[data-file-id="${uploaded.july}"] img.timeline-tile__img`)
      .getAttribute('alt');
    expect(alt).toContain('photo-exif.jpg');
    await browser.screenshot('timeline-desktop');

    // Select the second July file, then shift-click the first December file: a previewed range.
    const tile = (id: string | undefined) => page.locator(`.timeline-tile[data-file-id="${id}"]`);
    await tile(uploaded.julyEarly).hover();
    await tile(uploaded.julyEarly)
      .getByRole('button', { name: /^Select / })
      .click();
    await page.getByRole('toolbar', { name: 'Selected files' }).getByText('1 selected').waitFor();
    await page.keyboard.down('Shift');
    await tile(uploaded.december).hover();
    await expect.poll(() => tile(uploaded.march).getAttribute('data-selection')).toBe('ToBeSelected');
    expect(await tile(uploaded.december).getAttribute('data-selection')).toBe('ToBeSelected');
    expect(await tile(uploaded.july).getAttribute('data-selection')).toBe('NotSelected');
    await tile(uploaded.december)
      .locator('.timeline-tile__open')
      .click({ modifiers: ['Shift'] });
    await page.keyboard.up('Shift');
    const toolbar = page.getByRole('toolbar', { name: 'Selected files' });
    await toolbar.getByText('3 selected').waitFor();
    expect(await tile(uploaded.decemberEarly).getAttribute('data-selection')).toBe('NotSelected');
    await browser.screenshot('timeline-selection-desktop');

    // Delete with confirmation; the owner gets Undo.
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText('Delete 3 files?').waitFor();
    await browser.expectAccessible('timeline-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('3 files deleted').waitFor();
    await expect.poll(() => tileCount(page)).toBe(2);
    await expect.poll(() => toolbar.isVisible()).toBe(false);
    await browser.screenshot('timeline-deleted-toast-desktop');
    const trashed = await api<{ files: { fileID: string }[] }>(
      `/jobs/default/files?start=0&end=${Math.floor(Date.now() / 1000) + 86400}`,
    );
    expect(trashed.body.files.map((f) => f.fileID).sort()).toEqual(
      [uploaded.july, uploaded.decemberEarly].sort(),
    );

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('3 files restored').waitFor();
    await browser.expectAccessible('timeline-restored-toast');
    await expect.poll(() => tileCount(page), { timeout: 15_000 }).toBe(5);
    await page.getByRole('heading', { name: 'March 2022' }).waitFor();

    // Delete again, this time from the keyboard.
    await tile(uploaded.march).hover();
    await tile(uploaded.march)
      .getByRole('button', { name: /^Select / })
      .click();
    await toolbar.getByText('1 selected').waitFor();
    await page.keyboard.press('Delete');
    await confirm.getByText('Delete 1 file?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('1 file deleted').waitFor();
    await expect.poll(() => tileCount(page)).toBe(4);
    await expect.poll(() => page.getByRole('heading', { name: 'March 2022' }).count()).toBe(0);

    // Escape quits a selection.
    await tile(uploaded.july).hover();
    await tile(uploaded.july)
      .getByRole('button', { name: /^Select / })
      .click();
    await toolbar.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => toolbar.isVisible()).toBe(false);

    // A tile opens the viewer at /photos/{fileID}.
    await tile(uploaded.december).locator('.timeline-tile__open').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/photos/${uploaded.december}`);
    await browser.expectAccessible('viewer-from-timeline');
    // Back from the viewer: the timeline is where it was.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/photos');
    await expect.poll(() => tileCount(page)).toBe(4);
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('filters by type and by recent uploads (?filter=recents_1 from the upload panel)', async () => {
    browser = await signedIn();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos?filter=recents_1`);
    await page.getByRole('button', { name: /Last 24 hours \(4\)/ }).waitFor();
    await expect.poll(() => tileCount(page)).toBe(4);
    await browser.expectAccessible('timeline-filter-recent');
    await page.getByRole('button', { name: 'Videos', exact: true }).click();
    await page.getByText('No files match this filter.').waitFor();
    await browser.expectAccessible('timeline-filter-empty');
    expect(new URL(page.url()).search).toBe('?filter=only_videos');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => tileCount(page)).toBe(4);
  });

  it('shows the timeline and selection mode on a phone', async () => {
    browser = await signedIn({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await page.getByRole('heading', { name: 'July 2023' }).waitFor();
    await expect.poll(() => tileCount(page)).toBe(4);
    await thumbnailsLoaded(page, 4);
    // The filter row is one sideways-scrolling line that fades at the right edge; scrolled to its
    // end, the last chip stands clear of the fade.
    const filters = page.getByRole('navigation', { name: 'Filter the timeline' });
    const row = await filters.evaluate((nav) => {
      const style = getComputedStyle(nav);
      return { overflowX: style.overflowX, mask: style.maskImage, wraps: nav.clientHeight > 60 };
    });
    expect(row).toEqual({ overflowX: 'auto', mask: expect.stringContaining('gradient'), wraps: false });
    await browser.screenshot('timeline-mobile');
    const clear = await filters.evaluate((nav) => {
      nav.scrollLeft = nav.scrollWidth;
      const last = nav.querySelector('.timeline-chip:last-of-type')!.getBoundingClientRect();
      return nav.getBoundingClientRect().right - last.right;
    });
    expect(clear).toBeGreaterThanOrEqual(40);
    await filters.evaluate((nav) => {
      nav.scrollLeft = 0;
    });
    // Long press enters selection mode on touch.
    const box = await tiles(page).first().boundingBox();
    if (!box) throw new Error('no tile');
    const cdp = await page.context().newCDPSession(page);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(700);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.getByRole('toolbar', { name: 'Selected files' }).getByText('1 selected').waitFor();
    expect(new URL(page.url()).pathname).toBe('/photos');
    await browser.screenshot('timeline-selection-mobile');
  });

  it('on a wide screen the chips, month names and tiles share one left inset', async () => {
    browser = await signedIn({ width: 1440, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await page.getByRole('heading', { name: 'July 2023' }).waitFor();
    await expect.poll(() => tileCount(page)).toBe(4);
    await thumbnailsLoaded(page, 4);
    const left = async (selector: string) => (await page.locator(selector).first().boundingBox())!.x;
    const tile = await left('.timeline-tile');
    expect(tile).toBeGreaterThanOrEqual(16);
    expect(await left('.timeline-section__title')).toBeCloseTo(tile, 0);
    expect(await left('.timeline-chip')).toBeCloseTo(tile, 0);
    // The same inset on the right, inside the scroll bar.
    const insets = await page.locator('.timeline-grid').evaluate((grid) => {
      const box = grid.getBoundingClientRect();
      const month = grid.querySelector('.timeline-section')!.getBoundingClientRect();
      return { left: month.left - box.left, right: box.left + grid.clientWidth - month.right };
    });
    expect(insets.right).toBeCloseTo(insets.left, 0);
    expect(insets.left).toBeCloseTo(tile, 0);
    await browser.screenshot('timeline-desktop-1440');
    expect(browser.errors).toEqual([]);
  });
});
