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
    await browser.screenshot('timeline-mobile');
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

  it('at 375 px the filter chips scroll sideways behind edge arrows, in every language', async () => {
    const host = new URL(baseUrl).hostname;
    for (const locale of ['en_US', 'nb_NO', 'sv_SE', 'bg_BG']) {
      browser = await signedIn({ width: 375, height: 812, isMobile: true });
      const { page } = browser;
      await browser.context.addCookies([{ name: 'lang', value: locale, domain: host, path: '/' }]);
      // The recent-upload filter shows every chip: the four filters and the three periods.
      await page.goto(`${baseUrl}/photos?filter=recents_30`);
      await expect.poll(() => page.locator('.timeline-chip').count()).toBe(7);
      await expect.poll(() => tileCount(page)).toBe(4);
      const nav = page.locator('nav.timeline-filters');
      const start = page.locator('.scroll-row__edge--start');
      const end = page.locator('.scroll-row__edge--end');
      const chipBoxes = () =>
        page.locator('.timeline-chip').evaluateAll((chips) =>
          chips.map((chip) => {
            const box = chip.getBoundingClientRect();
            return { left: box.left, right: box.right, pressed: chip.getAttribute('aria-pressed') };
          }),
        );
      // The row scrolls, never the page; the chosen period's chip is in full view.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const chosen = (await chipBoxes()).filter((box) => box.pressed === 'true').at(-1)!;
      expect(chosen.left, locale).toBeGreaterThanOrEqual(0);
      expect(chosen.right, locale).toBeLessThanOrEqual(375);
      // Back to the start, where the arrow at the end shows that more chips follow.
      await nav.evaluate((row) => {
        row.scrollLeft = 0;
      });
      // More chips than fit: an arrow at the edge says so, and pressing it walks to the last chip.
      await expect.poll(() => end.isVisible(), { message: locale }).toBe(true);
      await expect.poll(() => start.count(), { message: locale }).toBe(0);
      if (locale === 'en_US') await browser.screenshot('timeline-chips-mobile');
      for (let press = 0; press < 6 && (await end.count()) > 0; press += 1) {
        await end.click();
        await page.waitForTimeout(400);
      }
      expect(await end.count(), locale).toBe(0);
      expect(await start.isVisible(), locale).toBe(true);
      const last = (await chipBoxes()).at(-1)!;
      expect(last.right, locale).toBeLessThanOrEqual(375 - 16 + 1);
      expect(last.left, locale).toBeGreaterThanOrEqual(48);
      expect(await nav.evaluate((row) => row.scrollLeft), locale).toBeGreaterThan(0);
      await browser.screenshot(`timeline-chips-end-mobile-${locale}`);
      // The arrows are for the eye and the pointer: assistive technology and Tab see only chips.
      const tree = await page.locator('.timeline-filters-frame').ariaSnapshot();
      expect(tree, locale).not.toMatch(/button ""|button\s*$/m);
      expect(await start.getAttribute('tabindex')).toBe('-1');
      expect(realErrors(browser.errors)).toEqual([]);
      // The last one is closed after the step, like every other.
      if (locale !== 'bg_BG') await browser.close();
    }
  });

  it('in selection mode the month checks stand clear of the edge and of the month name', async () => {
    for (const width of [375, 1366]) {
      browser = await signedIn({ width, height: 812, isMobile: width < 600 });
      const { page } = browser;
      await page.goto(`${baseUrl}/photos`);
      await page.getByRole('heading', { name: 'July 2023' }).waitFor();
      await expect.poll(() => tileCount(page)).toBe(4);
      const first = tiles(page).first();
      if (width < 600) {
        // Long press, as a finger enters selection mode.
        const box = (await first.boundingBox())!;
        const cdp = await page.context().newCDPSession(page);
        const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        await page.waitForTimeout(700);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      } else {
        await first.hover();
        await first.getByRole('button', { name: /^Select / }).click();
      }
      await page.getByRole('toolbar', { name: 'Selected files' }).getByText('1 selected').waitFor();
      // The checks fade in with selection mode.
      await expect
        .poll(() =>
          page
            .locator('.timeline-section__check')
            .evaluateAll((checks) => checks.every((check) => getComputedStyle(check).opacity === '1')),
        )
        .toBe(true);
      const gaps = await page.locator('.timeline-section__header').evaluateAll((headers) =>
        headers.map((header) => {
          const title = header.querySelector('.timeline-section__title')!.getBoundingClientRect();
          const circle = header.querySelector('.timeline-section__circle')!.getBoundingClientRect();
          const check = header.querySelector('.timeline-section__check')!;
          return {
            fromTitle: Math.min(Math.abs(circle.left - title.right), Math.abs(title.left - circle.right)),
            fromEdge: Math.min(circle.left, window.innerWidth - circle.right),
            visible: getComputedStyle(check).opacity === '1',
            target: check.getBoundingClientRect().width,
          };
        }),
      );
      expect(gaps.length).toBeGreaterThanOrEqual(2);
      for (const gap of gaps) {
        expect(gap.visible, `${width}`).toBe(true);
        expect(gap.fromTitle, `${width}`).toBeGreaterThanOrEqual(10);
        expect(gap.fromEdge, `${width}`).toBeGreaterThanOrEqual(16);
        expect(gap.target, `${width}`).toBeGreaterThanOrEqual(24);
      }
      // The month name still lines up with its first tile (on a phone, with the chips).
      const title = (await page.locator('.timeline-section__title').first().boundingBox())!;
      const lineUp = width < 600 ? '.timeline-chip' : '.timeline-tile';
      expect(title.x).toBeCloseTo((await page.locator(lineUp).first().boundingBox())!.x, 0);
      await browser.screenshot(`timeline-month-checks-${width}`);
      expect(realErrors(browser.errors)).toEqual([]);
      if (width === 375) await browser.close();
    }
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
