import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import type { FileRecord } from '@nordlys/contract/file';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { seedAlbum } from '../support/album-steps';
import { type BrowserSession, screenshotDir } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

const TABS = [
  'Library',
  'Filters',
  'Adjust',
  'Focus',
  'Overlays',
  'Stickers',
  'Text',
  'Text design',
  'Frames',
  'Brush',
  'Transform',
];

let user: ApiUser;
let workDir = '';
let original: FileRecord;
let browser: BrowserSession | undefined;

interface FilesPage {
  files: FileRecord[];
}

/** Every file of the user's timeline, newest first. */
async function timelineFiles(): Promise<FileRecord[]> {
  const end = Math.ceil(Date.now() / 1000) + 86_400;
  const { body } = await user.get<FilesPage>(`/st/4/jobs/default/files?start=0&end=${end}&limit=100`);
  return body.files;
}

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'editor');
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-editor-'));
  const made = path.join(workDir, 'harbour.jpg');
  // A landscape picture with something to see: a sky-to-sea gradient with a sun.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f6b26b"/><stop offset="0.55" stop-color="#3d85c6"/><stop offset="1" stop-color="#0b3a5c"/>
    </linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/><circle cx="1100" cy="420" r="140" fill="#ffe599"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(made);
  original = await user.upload(made, Math.floor(Date.parse('2022-06-21T18:00:00Z') / 1000));
  await user.waitForUrl(original.thumbURLLarge!);
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('photo editor journey', () => {
  it('opens from the viewer, brightens, crops to square and saves a copy beside the untouched original', async () => {
    browser = await user.browser({ width: 1280, height: 800 });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${original.fileID}`);
    await page.getByRole('img', { name: /harbour\.jpg/ }).waitFor();
    await page.getByRole('button', { name: 'Edit photo' }).click();
    await page.waitForURL(`**/edit/${original.jobID}/${original.fileID}`);

    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    await editor.getByRole('tablist', { name: 'Editing tools' }).waitFor();
    await expect.poll(() => page.locator('.editor__spinner').count(), { timeout: 30_000 }).toBe(0);
    for (const tab of TABS) {
      await editor.getByRole('tab', { name: tab, exact: true }).click();
      await editor.getByRole('heading', { name: tab, exact: true }).waitFor();
      await browser.expectAccessible(`editor-tab-${tab.toLowerCase().replace(' ', '-')}`);
    }

    // Each look is shown on the photo itself.
    await editor.getByRole('tab', { name: 'Filters', exact: true }).click();
    await expect
      .poll(() => editor.locator('img.editor-look__thumb').count(), { timeout: 30_000 })
      .toBeGreaterThan(5);
    await page.screenshot({ path: path.join(screenshotDir, 'editor-filters-desktop.png') });

    await editor.getByRole('tab', { name: 'Adjust', exact: true }).click();
    const brightness = editor.getByRole('slider', { name: 'Brightness' });
    await brightness.fill('0.4');
    await brightness.blur();
    await editor.getByText('40', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'editor-adjust-desktop.png') });

    await editor.getByRole('tab', { name: 'Transform', exact: true }).click();
    await editor.getByRole('button', { name: 'Square', exact: true }).click();
    await expect
      .poll(() => editor.getByRole('spinbutton', { name: 'Width' }).first().inputValue())
      .toBe('1200');
    expect(await editor.getByRole('spinbutton', { name: 'Height' }).first().inputValue()).toBe('1200');
    await browser.screenshot('editor-transform-desktop');

    // Undo and redo by keyboard walk the square crop back and forth.
    await page.locator('.editor__tabs').getByRole('tab', { name: 'Transform' }).focus();
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => editor.getByRole('spinbutton', { name: 'Width' }).first().inputValue())
      .toBe('1600');
    await page.keyboard.press('Control+Shift+z');
    await expect
      .poll(() => editor.getByRole('spinbutton', { name: 'Width' }).first().inputValue())
      .toBe('1200');

    await editor.getByRole('button', { name: 'Save copy' }).click();
    await page.waitForURL(`**/photos/${original.fileID}`, { timeout: 60_000 });

    let copy: FileRecord | undefined;
    await expect
      .poll(
        async () => {
          copy = (await timelineFiles()).find((file) => file.fileName === 'harbour (edited).jpg');
          return copy !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(copy).toMatchObject({
      width: 1200,
      height: 1200,
      jobID: original.jobID,
      path: 'Journey/harbour (edited).jpg',
      timestamp: original.timestamp,
    });
    const { body: untouched } = await user.get<FileRecord>(
      `/st/4/jobs/${original.jobID}/files_by_id/${original.fileID}`,
    );
    expect(untouched).toMatchObject({
      size: original.size,
      checksum: original.checksum,
      width: 1600,
      height: 1200,
      fileName: 'harbour.jpg',
    });
    // The saved copy is brighter than the original where both show the same place.
    await user.waitForUrl(copy!.thumbURLLarge!);
    const centre = async (url: string, width: number) => {
      const bytes = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
      const { data, info } = await sharp(bytes).resize(width).raw().toBuffer({ resolveWithObject: true });
      const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      return (data[middle]! + data[middle + 1]! + data[middle + 2]!) / 3;
    };
    expect(await centre(copy!.thumbURLLarge!, 300)).toBeGreaterThan(
      await centre(untouched.thumbURLLarge!, 400),
    );

    // The viewer, still open on the original, learns of the copy through the change feed.
    await page
      .getByRole('button', { name: /Next file|Previous file/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // The copy's renderings answer 503 while the server makes them; the browser logs those loads.
    expect(browser.errors.filter((error) => !/status of 503/.test(error))).toEqual([]);
  });

  it('on a phone asks before discarding changes, and keeps them when asked to', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/photos/${original.fileID}`);
    await page.getByRole('img', { name: /harbour\.jpg/ }).waitFor();
    await page.getByRole('button', { name: 'Edit photo' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    await expect.poll(() => page.locator('.editor__spinner').count(), { timeout: 30_000 }).toBe(0);
    await page.screenshot({ path: path.join(screenshotDir, 'editor-adjust-mobile.png') });
    await editor.getByRole('tab', { name: 'Stickers', exact: true }).click();
    await editor.getByRole('button', { name: 'Add sticker: Heart' }).click();
    await editor.getByRole('button', { name: 'Sticker: Heart', pressed: true }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'editor-stickers-mobile.png') });
    await editor.getByRole('tab', { name: 'Focus', exact: true }).click();
    await editor.getByRole('button', { name: 'Radial', exact: true }).click();
    await page.screenshot({ path: path.join(screenshotDir, 'editor-focus-mobile.png') });
    await editor.getByRole('tab', { name: 'Transform', exact: true }).click();
    await editor.getByRole('button', { name: 'Flip horizontally' }).click();
    await browser.screenshot('editor-transform-mobile');

    await editor.getByRole('button', { name: 'Cancel' }).click();
    const prompt = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await prompt.waitFor();
    await browser.expectAccessible('editor-unsaved-prompt');
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Flip horizontally' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Back asks too, and keeping the changes keeps the editor open.
    await page.goBack();
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Flip horizontally' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`**/photos/${original.fileID}`);
    await page.getByRole('img', { name: /harbour\.jpg/ }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('at 375 px the tab bar scrolls behind edge arrows and keeps the chosen tab in view', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/edit/${original.jobID}/${original.fileID}`);
    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    const tablist = editor.getByRole('tablist', { name: 'Editing tools' });
    await tablist.waitFor();
    await expect.poll(() => page.locator('.editor__spinner').count(), { timeout: 30_000 }).toBe(0);
    const start = page.locator('.editor__tabs-frame .scroll-row__edge--start');
    const end = page.locator('.editor__tabs-frame .scroll-row__edge--end');
    const tabBox = (name: string) => editor.getByRole('tab', { name, exact: true }).boundingBox();
    // More tabs than fit: the bar says so with an arrow, and the page itself does not scroll.
    expect(await editor.getByRole('tab').count()).toBe(TABS.length);
    expect(await end.isVisible()).toBe(true);
    expect(await start.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await browser.screenshot('editor-tabs-mobile');

    // The arrow walks to the last tab, which then stands in full view.
    for (let press = 0; press < 6 && (await end.count()) > 0; press += 1) {
      await end.click();
      await page.waitForTimeout(400);
    }
    expect(await end.count()).toBe(0);
    expect(await start.isVisible()).toBe(true);
    const transform = (await tabBox('Transform'))!;
    expect(transform.x).toBeGreaterThanOrEqual(0);
    expect(transform.x + transform.width).toBeLessThanOrEqual(375);
    await editor.getByRole('tab', { name: 'Transform', exact: true }).click();
    await editor.getByRole('button', { name: 'Square', exact: true }).waitFor();
    await browser.screenshot('editor-tabs-end-mobile');

    // From the keyboard, the tab arrow keys bring the next tab into view by themselves.
    await editor.getByRole('tab', { name: 'Transform', exact: true }).focus();
    await page.keyboard.press('Home');
    const library = (await tabBox('Library'))!;
    expect(library.x).toBeGreaterThanOrEqual(0);
    expect(
      await editor.getByRole('tab', { name: 'Library', exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    // The arrows stay out of the tab order and of what a screen reader hears.
    expect(await tablist.locator('button:not([role="tab"])').count()).toBe(0);
    expect(await end.getAttribute('aria-hidden')).toBe('true');
    expect(browser.errors).toEqual([]);
  });

  it("opens from an album tile's context menu on the album's copy of the picture", async () => {
    const album = await seedAlbum(baseUrl, user, 'Harbour evenings', [original]);
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums/${albumIdToB64(album.id)}`);
    const tiles = page.getByRole('list', { name: 'Photos and videos' }).getByRole('listitem');
    await tiles.first().hover();
    await tiles.first().getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Edit photo' }).click();
    await page.waitForURL(new RegExp(`/edit/${album.id}/`));
    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    await expect.poll(() => page.locator('.editor__spinner').count(), { timeout: 30_000 }).toBe(0);
    // Nothing changed: Cancel leaves at once, back to the album.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/albums/${albumIdToB64(album.id)}`);
    expect(browser.errors).toEqual([]);
  });

  it("speaks the user's language on the first open: its strings come with the editor", async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    const host = new URL(baseUrl).hostname;
    await browser.context.addCookies([{ name: 'lang', value: 'nb_NO', domain: host, path: '/' }]);
    await page.goto(`${baseUrl}/edit/${original.jobID}/${original.fileID}`);
    const editor = page.getByRole('dialog', { name: 'Rediger bilde' });
    await editor.getByRole('tab', { name: 'Juster', exact: true }).waitFor();
    await editor.getByRole('tab', { name: 'Transformer', exact: true }).click();
    await editor.getByRole('button', { name: 'Kvadrat', exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'editor-transform-mobile-nb.png') });
    expect(browser.errors).toEqual([]);
  });

  it('a read-only user sees the edit button disabled with the subscription offer', async () => {
    const lines: string[] = [];
    expect(
      await runAdmin(['user:read-only', '--email', user.email, '--on'], serverEnv, (line) =>
        lines.push(line),
      ),
    ).toBe(0);
    try {
      browser = await user.browser();
      const { page } = browser;
      await page.goto(`${baseUrl}/photos/${original.fileID}`);
      await page.getByRole('img', { name: /harbour\.jpg/ }).waitFor();
      const edit = page.getByRole('button', { name: 'Edit photo' });
      await edit.waitFor();
      expect(await edit.isDisabled()).toBe(true);
      expect(await page.locator('[data-read-only-action="editPhoto"]').count()).toBe(1);
      expect(browser.errors).toEqual([]);
    } finally {
      await runAdmin(['user:read-only', '--email', user.email, '--off'], serverEnv, () => undefined);
    }
  });
});
