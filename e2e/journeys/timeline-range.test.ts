import type { FileRecord } from '@nordlys/contract/file';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedLibrary, uploadSeedPictures } from '../../bench/support/seed-library';
import type { BrowserSession } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

/** A library of a few thousand files over 15 years: most months are far from the first screen. */
const LIBRARY_FILES = 3000;

let user: ApiUser;

/** A count as the page may print it: plain or with the locale's grouping. */
const counted = (n: number, text: string) =>
  new RegExp(`^${text.replace('#', `(${n}|${n.toLocaleString('en-US')})`)}$`);
let jobId = '';

/** Every live file of the timeline in display order (newest first), as the server lists them. */
async function timelineOrder(): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const { status, body } = await user.get<{ files: FileRecord[] }>(
      `/st/4/jobs/${jobId}/files?start=0&end=${Math.floor(Date.now() / 1000) + 86400}&limit=1000&offset=${ids.length}`,
    );
    expect(status).toBe(200);
    ids.push(...body.files.map((f) => f.fileID));
    if (body.files.length < 1000) return ids;
  }
}

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'range');
  const auth = `Basic ${Buffer.from(`nordlys:${user.token}`).toString('base64')}`;
  const job = await user.get<{ id: string; owner: { uuid: string } }>('/st/4/jobs/default');
  jobId = job.body.id;
  await uploadSeedPictures({ baseUrl, auth });
  await seedLibrary({ env: serverEnv }, jobId, job.body.owner.uuid, LIBRARY_FILES);
});

describe('a shift range over months that are not loaded', () => {
  let browser: BrowserSession;

  afterEach(async () => {
    await browser?.close();
  });

  it('fetches the missing months, counts every file in the range and deletes exactly those', async () => {
    const before = await timelineOrder();
    expect(before.length).toBe(LIBRARY_FILES + 4);

    browser = await user.browser({ width: 1280, height: 800 });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    const tile = (id: string) => page.locator(`.timeline-tile[data-file-id="${id}"]`);
    const newest = before[0] as string;
    await tile(newest).waitFor();
    await tile(newest).hover();
    await tile(newest)
      .getByRole('button', { name: /^Select / })
      .click();
    const toolbar = page.getByRole('toolbar', { name: 'Selected files' });
    await toolbar.getByText('1 selected').waitFor();
    await toolbar.getByText('Tip: hold Shift and click to select a range').waitFor();

    // Jump two thirds of the way down: the months in between are never shown, so never loaded.
    const loadedBefore = await page.evaluate(() => document.querySelectorAll('.timeline-tile').length);
    await page.locator('.timeline-grid').evaluate((grid) => {
      grid.scrollTop = grid.scrollHeight * 0.6;
    });
    // A tile wholly in view after the jump (the month there loads as it comes into view).
    const tileInView = () =>
      page.evaluate(() => {
        const grid = (document.querySelector('.timeline-grid') as HTMLElement).getBoundingClientRect();
        const inView = [...document.querySelectorAll('.timeline-tile')].find((node) => {
          const box = node.getBoundingClientRect();
          return box.top >= grid.top + 40 && box.bottom <= grid.bottom;
        });
        return inView?.getAttribute('data-file-id') ?? null;
      });
    await expect.poll(tileInView, { timeout: 20_000 }).not.toBeNull();
    const target = (await tileInView()) as string;
    const expected = before.indexOf(target) + 1;
    expect(expected).toBeGreaterThan(1000);
    expect(loadedBefore).toBeLessThan(expected);

    // Slow the month reads so the fetching state is on screen long enough to picture.
    const tileReads: string[] = [];
    await page.route('**/timeline/tiles?**', async (route) => {
      tileReads.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await tile(target).hover();
    await tile(target)
      .getByRole('button', { name: /^Select / })
      .click({ modifiers: ['Shift'] });
    await toolbar.getByText('Fetching file selection info…').waitFor();
    await browser.screenshot('timeline-range-fetching-desktop');
    await toolbar.getByText(counted(expected, '# selected')).waitFor({ timeout: 30_000 });
    expect(tileReads.length).toBeGreaterThan(0);
    // A range has been made: the tip has done its job.
    expect(await toolbar.getByText('Tip: hold Shift and click to select a range').count()).toBe(0);
    await browser.screenshot('timeline-range-selected-desktop');

    // Delete acts on every file counted: the confirmation names the count, the requests carry it.
    const deleted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/delete_files')) {
        deleted.push(...(JSON.parse(request.postData() ?? '{}') as { file_uuids: string[] }).file_uuids);
      }
    });
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText(counted(expected, 'Delete # files\\?')).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(counted(expected, '# files deleted')).waitFor({ timeout: 60_000 });
    expect(new Set(deleted).size).toBe(expected);
    expect([...new Set(deleted)].sort()).toEqual(before.slice(0, expected).sort());
    const after = await timelineOrder();
    expect(after).toEqual(before.slice(expected));
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });

  it('zooms the grid with Ctrl + wheel and keeps the size after a reload', async () => {
    browser = await user.browser({ width: 1280, height: 800 });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    const first = page.locator('.timeline-tile').first();
    await first.waitFor();
    const width = async () => Math.round((await first.boundingBox())?.width ?? 0);
    const start = await width();
    // The 180 px default cell stretches so a row fills the width: at this width (five or more
    // columns) by less than a fifth, well short of a zoom step.
    expect(start).toBeGreaterThanOrEqual(180);
    expect(start).toBeLessThan(180 * (1 + 1 / 5));
    // The hint shows once, for 3 s.
    const hint = page.getByText('Hold Ctrl and scroll to make the photos larger or smaller');
    await hint.waitFor();
    await browser.screenshot('timeline-zoom-hint-desktop');
    await expect.poll(() => hint.count(), { timeout: 5000 }).toBe(0);

    await page.mouse.move(640, 400);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(width).toBeGreaterThan(start + 40);
    const zoomed = await width();
    await browser.screenshot('timeline-zoomed-desktop');

    await page.reload();
    await first.waitFor();
    await expect.poll(width).toBe(zoomed);
    await page.waitForTimeout(500);
    expect(await hint.count()).toBe(0);

    // Two notches the other way: smaller than the default, more columns.
    await page.mouse.move(640, 400);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 100);
    await page.mouse.wheel(0, 100);
    await page.keyboard.up('Control');
    await expect.poll(width).toBeLessThan(start - 20);
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });

  it('zooms the grid with a pinch on a phone', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    const first = page.locator('.timeline-tile').first();
    await first.waitFor();
    const width = async () => Math.round((await first.boundingBox())?.width ?? 0);
    // Two columns of the 176 px phone cell, stretched to the width.
    expect(await width()).toBe(Math.round((375 - 2) / 2));
    await page.getByText('Pinch to make the photos larger or smaller').waitFor();
    await browser.screenshot('timeline-zoom-hint-mobile');

    // Fingers 10 px apart do nothing; 100 px apart, one column of large cells.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: string, points: [number, number][]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type: type as 'touchStart',
        touchPoints: points.map(([x, y]) => ({ x, y })),
      });
    await touch('touchStart', [
      [150, 500],
      [220, 500],
    ]);
    await touch('touchMove', [
      [145, 500],
      [225, 500],
    ]);
    expect(await width()).toBe(Math.round((375 - 2) / 2));
    await touch('touchMove', [
      [100, 500],
      [270, 500],
    ]);
    await touch('touchEnd', []);
    await expect.poll(width).toBe(375);
    await browser.screenshot('timeline-zoomed-mobile');
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });
});
