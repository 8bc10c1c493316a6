import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { copyFixture, makeLargeFile, makeMp4, writeText } from '../fixtures-made/media';
import { type BrowserSession, openBrowser } from '../support/browser';
import { startServer } from '../support/server-process';
import { createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

const PASSWORD = 'upload journey password';
let token = '';
let workDir = '';

async function admin(args: string[]): Promise<string> {
  const lines: string[] = [];
  const code = await runAdmin(args, serverEnv, (line: string) => lines.push(line));
  expect(code).toBe(0);
  return lines.join('\n').trim();
}

const auth = () => `Basic ${Buffer.from(`nordlys:${token}`).toString('base64')}`;

async function api<T>(
  apiPath: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}${apiPath}`, {
    ...init,
    headers: { Authorization: auth(), ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

/** Signs the browser in the way a finished login leaves it: the device token in localStorage. */
async function signedIn(options: Parameters<typeof openBrowser>[0] = {}): Promise<BrowserSession> {
  const browser = await openBrowser(options);
  await browser.context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return browser;
}

/** Throttles request bodies so progress is visible and a reload lands mid-upload. */
// One DevTools session per page: conditions set through a second session may not replace the first's.
const cdpSessions = new WeakMap<Page, CDPSession>();

async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
    await cdp.send('Network.enable');
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Remembers every text the rows and the summary showed, however briefly. */
async function recordPanelTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { uploadTexts: Set<string> }).uploadTexts = seen;
    const collect = () => {
      for (const element of document.querySelectorAll('.upload-row__text, .upload-panel__summary')) {
        if (element.textContent) seen.add(element.textContent);
      }
    };
    new MutationObserver(collect).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const seenTexts = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { uploadTexts: Set<string> }).uploadTexts]);

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  return page.getByRole('dialog', { name: 'Upload photos and videos' });
}

/** A real drop: a DataTransfer built in the page from the files' bytes, dispatched on the drop area. */
async function dropFiles(page: Page, files: string[]) {
  const payload = files.map((file) => ({
    name: path.basename(file),
    bytes: fs.readFileSync(file).toString('base64'),
    type: file.endsWith('.jpg')
      ? 'image/jpeg'
      : file.endsWith('.png')
        ? 'image/png'
        : file.endsWith('.mp4')
          ? 'video/mp4'
          : 'text/plain',
  }));
  const transfer = await page.evaluateHandle((entries) => {
    const data = new DataTransfer();
    for (const entry of entries) {
      const bytes = Uint8Array.from(atob(entry.bytes), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], entry.name, { type: entry.type }));
    }
    return data;
  }, payload);
  const area = page.getByTestId('upload-drop-area');
  await area.dispatchEvent('dragenter', { dataTransfer: transfer });
  await area.dispatchEvent('dragover', { dataTransfer: transfer });
  await area.dispatchEvent('drop', { dataTransfer: transfer });
}

const rowsByStatus = (page: Page, status: string) => page.locator(`.upload-row[data-status="${status}"]`);
// A thumbnail still being made answers 503 and the browser logs that; it is the protocol, not a fault.
const realErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

/**
 * Runs in the page: notes every drawn <img> that failed to load (the browser's broken-image mark),
 * checked on each failed load and every animation frame, so a moment's broken picture is caught.
 */
function watchForBrokenImages() {
  const seen: string[] = [];
  (window as unknown as { brokenImages: string[] }).brokenImages = seen;
  const drawn = (element: Element | null): boolean => {
    for (let at = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
        return false;
    }
    return true;
  };
  const check = () => {
    for (const image of document.images) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute('src') && drawn(image)) {
        const note = `${image.className} ${image.src}`;
        if (!seen.includes(note)) seen.push(note);
      }
    }
  };
  document.addEventListener('error', () => requestAnimationFrame(check), true);
  const everyFrame = () => {
    check();
    requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-upload-journey-'));
  const email = `uploader-${Date.now()}@example.com`;
  await admin(['user:create', '--email', email, '--password', PASSWORD, '--name', 'Uma Uploader']);
  token = await admin(['token:create', '--email', email, '--device', 'upload journey']);
  expect(token.length).toBeGreaterThan(20);
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('uploads in Chromium', () => {
  let browser: BrowserSession;

  afterEach(async () => {
    await browser?.close();
  });

  it('drops a JPEG, a PNG, an MP4 and a text file: progress, three completions, one rejection', async () => {
    const jpeg = copyFixture(workDir, 'photo-exif.jpg');
    const png = copyFixture(workDir, 'screenshot_20240315_101500.png');
    const mp4 = makeMp4(workDir);
    const text = writeText(workDir, 'notes.txt', 'not a picture');

    browser = await signedIn();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    const dialog = await openDialog(page);
    await expect.poll(() => dialog.getByText('Drag photos and videos here').isVisible()).toBe(true);
    // Measured once the dialog's opening animation has settled.
    const dropHeight = async () =>
      Math.round((await dialog.getByTestId('upload-drop-area').boundingBox())!.height);
    await expect.poll(dropHeight).toBeGreaterThanOrEqual(425);
    await browser.screenshot('upload-dialog');

    await recordPanelTexts(page);
    await throttleUploads(page, 256 * 1024);
    await dropFiles(page, [jpeg, png, mp4, text]);

    const panel = page.getByRole('region', { name: 'Uploads' });
    await panel.waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await panel.getByRole('button', { name: 'Show files' }).click();
    await expect.poll(() => page.locator('.upload-row').count()).toBe(4);
    await expect
      .poll(() => rowsByStatus(page, 'Rejected').textContent())
      .toMatch(/notes\.txt.*Unsupported file/);
    await expect
      .poll(() => page.locator('.upload-row__text', { hasText: /Uploading \d+ %/ }).count())
      .toBe(1);
    await browser.screenshot('upload-panel-expanded');

    await expect
      .poll(() => rowsByStatus(page, 'Succeeded').count(), { timeout: 90_000, interval: 500 })
      .toBe(3);
    const texts = await seenTexts(page);
    const percents = texts
      .map((t) => /Uploading (\d+) %/.exec(t)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(texts).toContain('Complete');
    expect(await panel.getByRole('heading').textContent()).toBe('Finished, 1 file was not uploaded');

    // The rows ended as real file records of the right kinds.
    const ids = await rowsByStatus(page, 'Succeeded').evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-file-id')),
    );
    const kinds: string[] = [];
    for (const id of ids) {
      const { status, body } = await api<{ file_type: string }>(`/st/4/jobs/default/files_by_id/${id}`);
      expect(status).toBe(200);
      kinds.push(body.file_type);
    }
    expect(kinds.sort()).toEqual(['Movies', 'Pictures', 'Pictures']);
    // The timeline behind the panel shows them without a reload (the change feed's own poll is
    // every 30 s, longer than this wait).
    await expect
      .poll(
        () =>
          page
            .locator('.timeline-tile')
            .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-file-id')).sort()),
        { timeout: 10_000 },
      )
      .toEqual([...ids].sort());

    await panel.getByRole('button', { name: 'Hide files' }).click();
    const collapsed = await panel.boundingBox();
    expect(Math.round(collapsed!.height)).toBe(136);
    await browser.screenshot('upload-panel-collapsed');

    await panel.getByRole('button', { name: 'View the files' }).click();
    await page.waitForURL((url) => url.pathname === '/photos' && url.search === '?filter=recents_1');
    await expect.poll(() => page.getByRole('region', { name: 'Uploads' }).count()).toBe(0);
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('a thumbnail that arrives late: the picked picture or the placeholder, then the real one, never a broken image', async () => {
    // A server of its own whose media pipeline starts every task 8 s late (MEDIA_TASK_DELAY_MS):
    // its thumbnails answer 503 with Retry-After meanwhile, through the real queue and routes.
    const slow = await startServer({ MEDIA_TASK_DELAY_MS: '8000' });
    const phone = await openBrowser({ width: 375, height: 812, isMobile: true }).catch(async (error) => {
      await slow.stop();
      throw error;
    });
    try {
      const owner = await createApiUser(slow.env, slow.baseUrl, 'late-thumbs');
      await phone.context.addInitScript((value) => localStorage.setItem('authToken', value), owner.token);
      browser = await owner.browser({ width: 1366, height: 900 });
      const pending = { desktop: 0, phone: 0 };
      const retryAfters = new Set<string>();
      for (const [name, page] of [
        ['desktop', browser.page],
        ['phone', phone.page],
      ] as const) {
        page.on('response', (response) => {
          if (!response.url().includes('/th/3/') || response.status() !== 503) return;
          pending[name] += 1;
          retryAfters.add(response.headers()['retry-after'] ?? '');
        });
        await page.addInitScript(watchForBrokenImages);
      }
      const { page } = browser;
      await page.goto(`${slow.baseUrl}/photos`);
      const dialog = await openDialog(page);
      await dialog.getByTestId('upload-file-input').setInputFiles(copyFixture(workDir, 'photo-exif.jpg'));

      // Stored, thumbnail still in the making: the panel's collage and the tile show the picked file.
      const panel = page.getByRole('region', { name: 'Uploads' });
      const picture = panel.locator('.upload-panel__picture');
      await picture.waitFor({ timeout: 30_000 });
      await expect.poll(() => picture.getAttribute('data-image-status')).toBe('loading');
      await expect.poll(() => naturalWidth(picture.locator('img.upload-panel__local'))).toBeGreaterThan(0);
      const tile = page.locator('.timeline-tile').first();
      await tile.waitFor({ timeout: 30_000 });
      const fileId = await tile.getAttribute('data-file-id');
      await expect.poll(() => naturalWidth(tile.locator('img[src^="blob:"]'))).toBeGreaterThan(0);
      await browser.screenshot('late-thumbnail-pending-desktop');

      // Another device (no picked file there) shows the tile's placeholder meanwhile.
      await phone.page.goto(`${slow.baseUrl}/photos`);
      const phoneTile = phone.page.locator(`.timeline-tile[data-file-id="${fileId}"]`);
      await phoneTile.waitFor({ timeout: 30_000 });
      await expect.poll(() => pending.phone, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await phoneTile.locator('.timeline-tile__img--loaded').count()).toBe(0);
      expect(await phoneTile.locator('.timeline-tile__error').count()).toBe(0);
      await phone.screenshot('late-thumbnail-pending-phone');

      // The server's thumbnail takes their place once made, asked again after its Retry-After.
      const serverTile = (at: typeof tile) =>
        at.locator('img.timeline-tile__img--loaded:not([src^="blob:"])');
      await expect.poll(() => naturalWidth(serverTile(phoneTile)), { timeout: 60_000 }).toBeGreaterThan(0);
      await expect.poll(() => naturalWidth(serverTile(tile)), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => picture.getAttribute('data-image-status'), { timeout: 30_000 }).toBe('loaded');
      expect(await picture.locator('img.upload-panel__local').count()).toBe(0);
      expect(await naturalWidth(picture.locator('img'))).toBeGreaterThan(0);
      expect(pending.desktop).toBeGreaterThan(0);
      expect([...retryAfters]).toEqual(['1']);
      await browser.screenshot('late-thumbnail-arrived-desktop');
      await phone.screenshot('late-thumbnail-arrived-phone');

      for (const session of [browser, phone]) {
        expect(
          await session.page.evaluate(() => (window as unknown as { brokenImages: string[] }).brokenImages),
        ).toEqual([]);
        expect(realErrors(session.errors)).toEqual([]);
      }
    } finally {
      await phone.close();
      await browser?.close();
      await slow.stop();
    }
  });

  it('announces each way to pick files once, and the visible buttons open the pickers', async () => {
    browser = await signedIn({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    // The accessibility tree holds one button per choice: the file inputs behind them are hidden.
    const tree = await dialog.ariaSnapshot();
    expect(tree.match(/button "Select from device"/g)).toHaveLength(1);
    expect(tree.match(/button "Add from camera"/g)).toHaveLength(1);
    for (const name of ['Select from device', 'Add from camera']) {
      expect(await dialog.getByRole('button', { name }).count(), name).toBe(1);
    }
    // Tabbing from the first choice reaches the second, not a hidden input.
    await dialog.getByRole('button', { name: 'Select from device' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add from camera');

    const device = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Select from device' }).click();
    expect((await device).isMultiple()).toBe(true);
    const camera = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add from camera' }).click();
    expect(await (await camera).element().getAttribute('capture')).toBe('environment');
    await browser.expectAccessible('upload-dialog-pickers');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('on a phone: the dialog and the collapsed panel fit 375 px', async () => {
    browser = await signedIn({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    const dialog = await openDialog(page);
    const dropBox = async () => (await dialog.getByTestId('upload-drop-area').boundingBox())!;
    await expect.poll(async () => Math.round((await dropBox()).height)).toBeGreaterThanOrEqual(350);
    expect((await dropBox()).width).toBeLessThanOrEqual(375);
    await browser.screenshot('upload-dialog-mobile');

    const jpeg = copyFixture(workDir, 'rotated-orientation6.jpg');
    await dialog.getByTestId('upload-file-input').setInputFiles(jpeg);
    const panel = page.getByRole('region', { name: 'Uploads' });
    await expect
      .poll(() => panel.getByRole('heading').textContent(), { timeout: 30_000 })
      .toBe('1 file uploaded');
    const box = await panel.boundingBox();
    expect(box!.width).toBe(375);
    await browser.screenshot('upload-panel-mobile');

    // The same bytes again: files_dedup answers and no bytes are sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
    });
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await (await openDialog(page)).getByTestId('upload-file-input').setInputFiles(jpeg);
    await expect
      .poll(() => panel.getByRole('heading').textContent(), { timeout: 30_000 })
      .toBe('1 file uploaded');
    expect(sent).toEqual(['/st/4/jobs/default/files_dedup']);
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('a large file uploads resumably and, after a reload mid-way, resumes from the server offset', async () => {
    const size = 80 * 1024 * 1024;
    const large = makeLargeFile(workDir, 'large-upload.jpg', size);

    browser = await signedIn();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await throttleUploads(page, 12 * 1024 * 1024);
    let dialog = await openDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles(large.file);
    const panel = page.getByRole('region', { name: 'Uploads' });
    await panel.getByRole('button', { name: 'Show files' }).click();
    const percentShown = async () =>
      Number(
        /Uploading (\d+) %/.exec((await page.locator('.upload-row__text').textContent()) ?? '')?.[1] ?? 0,
      );
    await expect.poll(percentShown, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(25);
    expect(await percentShown()).toBeLessThan(90);

    await page.reload();
    // The browser kept the tus upload URL; the server kept the bytes that arrived.
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('tus::'))
        .map((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { uploadUrl?: string }),
    );
    expect(stored).toHaveLength(1);
    // The server may answer the tus Location relative to its own origin.
    const uploadUrl = new URL(stored[0]!.uploadUrl!, baseUrl).toString();
    // The aborted request may still be draining into the server's file; wait until the offset holds.
    const serverOffset = async () => {
      const head = await fetch(uploadUrl, {
        method: 'HEAD',
        headers: { Authorization: auth(), 'Tus-Resumable': '1.0.0' },
      });
      expect(head.status).toBe(200);
      return Number(head.headers.get('Upload-Offset'));
    };
    let offsetBeforeResume = await serverOffset();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const again = await serverOffset();
      if (again === offsetBeforeResume) break;
      offsetBeforeResume = again;
    }
    expect(offsetBeforeResume).toBeGreaterThan(0);
    expect(offsetBeforeResume).toBeLessThan(size);

    const patchOffsets: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patchOffsets.push(Number(request.headers()['upload-offset']));
    });
    await recordPanelTexts(page);
    // Slow the first resumed bytes down so the row's resume notice is on screen long enough to read.
    await throttleUploads(page, 64 * 1024);
    dialog = await openDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles(large.file);
    await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Show files' }).click();
    const resumedAt = Math.floor((offsetBeforeResume / size) * 100);
    await expect
      .poll(() => page.locator('.upload-row__text').textContent(), { timeout: 30_000, interval: 50 })
      .toBe(`Resuming at ${resumedAt} %`);
    await throttleUploads(page, 12 * 1024 * 1024);
    await expect
      .poll(() => rowsByStatus(page, 'Succeeded').count(), { timeout: 90_000, interval: 250 })
      .toBe(1);
    await browser.expectAccessible('upload-panel-resumed');

    // The second session sent only what the server lacked.
    expect(patchOffsets.length).toBeGreaterThan(0);
    expect(Math.min(...patchOffsets)).toBe(offsetBeforeResume);
    const resumeTexts = await seenTexts(page);
    expect(resumeTexts).toContain(`Resuming at ${resumedAt} %`);
    const laterPercents = resumeTexts
      .map((text) => Number(/^Uploading (\d+) %$/.exec(text)?.[1] ?? -1))
      .filter((percent) => percent > resumedAt);
    expect(laterPercents.length).toBeGreaterThan(0);

    const fileId = await rowsByStatus(page, 'Succeeded').getAttribute('data-file-id');
    const { status, body } = await api<{ size: number; checksum: string; fileName: string }>(
      `/st/4/jobs/default/files_by_id/${fileId}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ size, checksum: large.sha256, fileName: 'large-upload.jpg' });
    expect(realErrors(browser.errors)).toEqual([]);
  });
});
