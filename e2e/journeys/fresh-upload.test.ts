import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserSession } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

let user: ApiUser;
let png = '';

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'fresh');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-fresh-'));
  png = path.join(dir, 'whiteboard.png');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 230, g: 120, b: 60 } } })
    .png()
    .toFile(png);
});

describe('a picture opened right after its upload', () => {
  let browser: BrowserSession;

  afterEach(async () => {
    await browser?.close();
  });

  it('shows the picked file in the grid and the viewer until the server has made its renderings', async () => {
    browser = await user.browser({ width: 1280, height: 800 });
    const { page } = browser;
    // The server is still making thumbnails and previews: they answer 503 until released.
    let making = true;
    await page.route('**/th/3/**', (route) =>
      making ? route.fulfill({ status: 503, body: 'Thumbnail is being made' }) : route.continue(),
    );
    await page.route('**/files_by_id/*/preview?**', (route) =>
      making ? route.fulfill({ status: 503, body: 'Preview is being made' }) : route.continue(),
    );

    await page.goto(`${baseUrl}/photos`);
    await page.getByRole('button', { name: 'Upload from this device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload photos and videos' });
    await dialog.getByTestId('upload-file-input').setInputFiles(png);

    // The tile appears with the picked picture: no grey cell, no error mark.
    const tile = page.locator('.timeline-tile').first();
    await tile.waitFor({ timeout: 30_000 });
    const local = tile.locator('img[src^="blob:"]');
    await local.waitFor();
    await expect.poll(() => local.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await tile.locator('.timeline-tile__error').count()).toBe(0);
    await browser.screenshot('fresh-upload-tile-desktop');

    // Opened at once: the viewer shows the same picture, and no error text.
    await tile.locator('.timeline-tile__open').click();
    const viewer = page.getByRole('dialog', { name: /whiteboard\.png/ });
    await viewer.waitFor();
    const shown = viewer.locator('img.carousel__media:not(.carousel__media--pending)');
    await expect.poll(() => shown.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    // Several tries of the server's rendering fail meanwhile; none of them turns into an error.
    await page.waitForTimeout(4000);
    expect(await viewer.getByText('Something went wrong showing this picture.').count()).toBe(0);
    await browser.screenshot('fresh-upload-viewer-desktop');

    // Once the server has its rendering, it takes the picked file's place.
    making = false;
    await expect.poll(() => shown.getAttribute('src'), { timeout: 30_000 }).toMatch(/^(?!blob:)/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await viewer.getByText('Something went wrong showing this picture.').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => tile.locator('img.timeline-tile__img--loaded').getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^(?!blob:)/);
    // 503s are the protocol while renderings are made; the browser logs them as failed loads.
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });
});
