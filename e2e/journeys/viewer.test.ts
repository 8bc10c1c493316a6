import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../fixtures-made/media';
import type { BrowserSession } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

let user: ApiUser;
let workDir = '';
const uploaded: Record<'exif' | 'made' | 'rotated' | 'clip', FileRecord> = {} as never;
let browser: BrowserSession | undefined;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'viewer');
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-viewer-'));
  // A picture without EXIF: its date comes from the mtime sent with the upload.
  const made = path.join(workDir, 'made-landscape.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2d6a8f' } })
    .jpeg()
    .toFile(made);
  // Newest first on the timeline: clip (2023-08-01), photo-exif (2023-07-14), made (2022-03-01),
  // rotated (2021-12-24).
  uploaded.exif = await user.upload(
    path.join(fixturesDir, 'photo-exif.jpg'),
    seconds('2023-07-14T00:00:00Z'),
  );
  uploaded.made = await user.upload(made, seconds('2022-03-01T10:00:00Z'));
  uploaded.rotated = await user.upload(
    path.join(fixturesDir, 'rotated-orientation6.jpg'),
    seconds('2021-12-24T00:00:00Z'),
  );
  uploaded.clip = await user.upload(path.join(fixturesDir, 'clip.mp4'), seconds('2023-08-01T10:00:00Z'));
  for (const file of [uploaded.exif, uploaded.made, uploaded.rotated])
    await user.waitForUrl(file.thumbURLLarge!);
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('viewer journey', () => {
  it('opens a picture, moves in place with the keys, shows its camera facts, runs the slideshow, closes', async () => {
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${uploaded.exif.fileID}`);
    const viewer = page.getByRole('dialog');
    const picture = viewer.getByRole('img', { name: /photo-exif\.jpg/ });
    await picture.waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('.carousel__media') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await browser.expectAccessible('viewer-desktop');

    const historyLength = await page.evaluate(() => history.length);
    // The arrows act once the viewer knows the neighbours, as its buttons show.
    await viewer.getByRole('button', { name: 'Next file' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`**/photos/${uploaded.made.fileID}`);
    await viewer.getByRole('img', { name: /made-landscape\.jpg/ }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await viewer.getByRole('button', { name: 'Previous file' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(`**/photos/${uploaded.exif.fileID}`);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await viewer.getByRole('button', { name: 'Info' }).click();
    const info = page.getByRole('complementary', { name: 'Info' });
    await info.getByText('Nordlys Test Camera One').waitFor();
    for (const fact of ['ISO', 'f/2.8', '1/250 s', '35 mm', '1600 × 1200', '59.9139° N, 10.7522° E']) {
      await info.getByText(fact, { exact: true }).waitFor();
    }
    await browser.screenshot('viewer-info-desktop');
    await info.getByRole('button', { name: 'Close' }).click();

    await viewer.getByRole('button', { name: 'Start slideshow' }).click();
    const started = Date.now();
    await page.waitForURL(`**/photos/${uploaded.made.fileID}#autoplay`, { timeout: 7000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(4000);
    expect(elapsed).toBeLessThan(6500);
    await viewer.getByRole('button', { name: 'Pause slideshow' }).click();
    await browser.expectAccessible('viewer-slideshow-paused');

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/photos');
    // The address changes first; the viewer unmounts on the render that follows.
    await expect.poll(() => page.locator('.carousel').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('on a wide screen shows the picture whole under its bar', async () => {
    browser = await user.browser({ width: 1440, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${uploaded.made.fileID}`);
    await page.getByRole('img', { name: /made-landscape\.jpg/ }).waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('.carousel__media') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(await page.locator('.carousel__date-full').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Edit photo' }).waitFor();
    await page.getByRole('button', { name: 'More options' }).waitFor();
    await browser.screenshot('viewer-desktop-1440');
    expect(browser.errors).toEqual([]);
  });

  it('on a phone the info panel covers the picture and closes back to it', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${uploaded.exif.fileID}`);
    await page.getByRole('img', { name: /photo-exif\.jpg/ }).waitFor();
    // Edit and More load on demand after the picture: measure the bar once every button is in it.
    await page.getByRole('button', { name: 'Edit photo' }).waitFor();
    await page.getByRole('button', { name: 'More options' }).waitFor();
    // The bar shows the whole day and time, and the picture keeps clear of the bottom bar.
    for (const part of ['.carousel__date-day', '.carousel__date-time']) {
      const fits = await page
        .locator(part)
        .evaluate((el) => el.clientWidth > 0 && el.scrollWidth <= el.clientWidth);
      expect(fits, part).toBe(true);
    }
    expect(await page.locator('.carousel__date-day').textContent()).toBe('Jul 14, 2023');
    // Measured once the picture is decoded and laid out at its own proportions.
    const picture = page.locator('img.carousel__media');
    await picture.evaluate((img: HTMLImageElement) => img.decode());
    const bottomBar = (await page.locator('.carousel__actions').boundingBox())!;
    expect(bottomBar.y + bottomBar.height).toBe(812);
    await expect
      .poll(async () => {
        const media = (await picture.boundingBox())!;
        return bottomBar.y - (media.y + media.height);
      })
      .toBeGreaterThanOrEqual(0);
    await browser.screenshot('viewer-mobile');
    await page.getByRole('button', { name: 'Info' }).click();
    await page.getByRole('complementary', { name: 'Info' }).getByText('Nordlys Test Camera One').waitFor();
    await browser.screenshot('viewer-info-mobile');
    await page.getByRole('complementary', { name: 'Info' }).getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('complementary', { name: 'Info' }).count()).toBe(0);
    await page.getByRole('img', { name: /photo-exif\.jpg/ }).waitFor();

    // A left swipe shows the next (older) file.
    const stage = page.locator('.carousel__stage');
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    await stage.dispatchEvent('pointerdown', {
      pointerType: 'touch',
      clientX: box.x + 300,
      clientY: y,
      isPrimary: true,
    });
    await stage.dispatchEvent('pointerup', {
      pointerType: 'touch',
      clientX: box.x + 60,
      clientY: y + 10,
      isPrimary: true,
    });
    await page.waitForURL(`**/photos/${uploaded.made.fileID}`);
    expect(browser.errors).toEqual([]);
  });

  it('plays a video from its web encode', async () => {
    await user.waitForEncode(uploaded.clip);
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${uploaded.clip.fileID}`);
    const video = page.locator('video.carousel__video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toContain(`/files_by_id/${uploaded.clip.fileID}/video?`);
    await page.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).readyState > 0);
    expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(3);
    await browser.screenshot('viewer-video-desktop');
    // The next (older) file is the EXIF picture.
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`**/photos/${uploaded.exif.fileID}`);
    expect(browser.errors).toEqual([]);
  });

  it('follows the change feed: a file deleted on another device gives way to its neighbour', async () => {
    // The oldest file: once it is gone, the previous one is all there is.
    const gone = await user.upload(
      path.join(workDir, 'made-landscape.jpg'),
      seconds('2020-06-01T00:00:00Z'),
      'gone.jpg',
    );
    await user.waitForUrl(gone.thumbURLLarge!);
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${gone.fileID}`);
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('img', { name: /gone\.jpg/ }).waitFor();
    await viewer.getByRole('button', { name: 'Previous file' }).waitFor();
    expect(await user.delete(gone)).toBe(200);
    // The viewer reads the change feed every 30 s and whenever the tab regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL(`**/photos/${uploaded.rotated.fileID}`);
    await viewer.getByRole('img', { name: /rotated-orientation6\.jpg/ }).waitFor();
    expect(browser.errors).toEqual([]);
  });
});
