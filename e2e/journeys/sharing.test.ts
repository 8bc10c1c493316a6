import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import { type CreateShareReply, linkExpiryDate, type Share } from '@nordlys/contract/share';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { callApi } from '../support/album-steps';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
const PHONE = { width: 375, height: 812, isMobile: true };

let owner: ApiUser;
let photos: FileRecord[] = [];
let workDir: string;
const sessions: BrowserSession[] = [];
const open = async (session: Promise<BrowserSession>) => {
  const opened = await session;
  sessions.push(opened);
  return opened;
};

async function picture(file: string, top: string, bottom: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <path d="M0 640 L300 380 L520 560 L760 300 L1040 600 L1400 420 L1400 1000 L0 1000 Z" fill="#2d3a46"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-sharing-'));
  owner = await createApiUser(serverEnv, baseUrl, 'sharer');
  const now = Math.floor(Date.now() / 1000);
  photos = [
    await owner.upload(await picture(path.join(workDir, 'dawn.jpg'), '#f2a97e', '#7fb2d9'), now - 3600),
    await owner.upload(await picture(path.join(workDir, 'dusk.jpg'), '#1b3a4b', '#c46a5a'), now - 7200),
  ];
  for (const photo of photos) await owner.waitForUrl(photo.thumbURLSmall ?? '');
}, 120_000);

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('sharing journey', () => {
  it('shares two photos by link; a visitor signs in from the share and gets the copies', async () => {
    const sharer = await open(owner.browser());
    await sharer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page } = sharer;
    await page.goto(`${baseUrl}/photos`);
    const tile = (id: string) => page.locator(`.timeline-tile[data-file-id="${id}"]`);
    for (const photo of photos) {
      await tile(photo.fileID).hover();
      await tile(photo.fileID)
        .getByRole('button', { name: /^Select / })
        .click();
    }
    const toolbar = page.getByRole('toolbar', { name: 'Selected files' });
    await toolbar.getByText('2 selected').waitFor();
    await toolbar.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.waitFor();
    await dialog
      .locator('.share-dialog__thumb img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await sharer.screenshot('share-dialog-desktop');
    await dialog.getByRole('button', { name: 'Get link' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Share link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    // core.md §8: the linkWasCopied toast.
    await page.locator('.toast__message', { hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link}#sc`);
    await sharer.screenshot('share-link-desktop');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(sharer.errors).toEqual([]);

    // A visitor in a fresh profile, signed out.
    const email = `visitor-${Date.now().toString(36)}@example.com`;
    expect(
      await runAdmin(
        ['user:create', '--email', email, '--password', 'journey password 1', '--name', 'Vera'],
        serverEnv,
        () => {},
      ),
    ).toBe(0);
    const visitor = await open(openBrowser());
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { level: 1, name: 'sharer shared 2 files with you' }).waitFor();
    const grid = visitor.page.locator('.share-receiver__thumb');
    expect(await grid.count()).toBe(2);
    for (const img of await grid.all()) await img.evaluate((el: HTMLImageElement) => el.decode());
    await visitor.screenshot('share-receiver-desktop');

    // Download all: the share's files as one archive, through a link signed for the share.
    const [download] = await Promise.all([
      visitor.page.waitForEvent('download'),
      visitor.page.getByRole('button', { name: 'Download all' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Nordlys ${new Date().getFullYear()}.zip`);
    expect(new URL(download.url()).pathname).toMatch(
      /^\/st\/4\/shares\/[A-Za-z0-9_-]{22}\/files_as_archive$/,
    );
    const saved = path.join(workDir, 'share.zip');
    await download.saveAs(saved);
    expect(execFileSync('unzip', ['-t', '-qq', saved], { encoding: 'utf8' })).toBe('');
    const entries = execFileSync('zipinfo', ['-1', saved], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(entries.sort()).toEqual(['Journey/dawn.jpg', 'Journey/dusk.jpg']);

    const phone = await open(openBrowser(PHONE));
    await phone.page.goto(link);
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    for (const img of await phone.page.locator('.share-receiver__thumb').all()) {
      await img.evaluate((el: HTMLImageElement) => el.decode());
    }
    await phone.screenshot('share-receiver-phone');

    await visitor.page.getByRole('button', { name: 'Add to my photos' }).click();
    await visitor.page.waitForURL((url) => url.pathname.endsWith('/copyShare'));
    await visitor.page.getByRole('button', { name: 'Sign in' }).first().click();
    await visitor.page.waitForURL((url) => url.pathname.startsWith('/idp/'));
    await visitor.page.getByLabel('E-mail').fill(email);
    await visitor.page.getByLabel('Password').fill('journey password 1');
    await visitor.page.getByRole('button', { name: 'Sign in' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/photos');
    await expect.poll(() => visitor.page.locator('.timeline-tile').count(), { timeout: 20_000 }).toBe(2);
    expect(visitor.errors).toEqual([]);

    expect(sharer.errors).toEqual([]);
  });

  it('the share page dates the link as its e-mail does, and its sign-up box and button agree', async () => {
    const made = await callApi<CreateShareReply>(baseUrl, owner, 'POST', '/shares', {
      file_ids: photos.map((photo) => photo.fileID),
    });
    const share = await callApi<Share>(baseUrl, null, 'GET', `/shares/${made.id}`);
    for (const [locale, size] of [
      ['en-US', { width: 1366, height: 900 }],
      ['nb-NO', PHONE],
    ] as const) {
      const visitor = await open(openBrowser({ ...size, locale }));
      await visitor.page.goto(made.link);
      await visitor.page.getByRole('heading', { level: 1 }).waitFor();
      // The e-mail's own words: "December 28, 2026" in English, "28. desember 2026" in Norwegian.
      await visitor.page.getByText(linkExpiryDate(share.expires, locale), { exact: false }).waitFor();
      for (const img of await visitor.page.locator('.share-receiver__thumb').all()) {
        await img.evaluate((el: HTMLImageElement) => el.decode());
      }
      await visitor.screenshot(`share-receiver-${locale}`);
      expect(visitor.errors).toEqual([]);
    }
    const [english] = sessions;
    const invite = english!.page.locator('.share-receiver__invite');
    await invite.getByText(/^Sign in or create a free account with \d+ GB of storage/).waitFor();
    await invite.getByRole('button', { name: 'Sign in or create an account' }).click();
    await english!.page.waitForURL((url) => url.pathname.endsWith('/copyShare'));
  });

  it('a share link protected in the share dialog asks its visitor for the password', async () => {
    const sharer = await open(owner.browser({ width: 1366, height: 900 }));
    await sharer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page } = sharer;
    await page.goto(`${baseUrl}/photos`);
    const tile = page.locator(`.timeline-tile[data-file-id="${photos[0]?.fileID}"]`);
    await tile.hover();
    await tile.getByRole('button', { name: /^Select / }).click();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Share' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.getByLabel(/^Password/).fill('nordlys 7');
    await dialog
      .locator('.share-dialog__thumb img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await sharer.screenshot('share-dialog-password-desktop');
    await dialog.getByRole('button', { name: 'Get link' }).click();
    await page.getByText('Protected: the link asks for the password you chose.').waitFor();
    const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.locator('.toast__message', { hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link}#sc`);
    await sharer.screenshot('share-link-password-desktop');
    expect(sharer.errors).toEqual([]);

    // The same dialog on a phone: a long press selects, the sheet adds SMS (#sms).
    const phoneSharer = await open(owner.browser(PHONE));
    const phonePage = phoneSharer.page;
    await phonePage.goto(`${baseUrl}/photos`);
    const first = phonePage.locator(`.timeline-tile[data-file-id="${photos[0]?.fileID}"]`);
    await first.locator('img').last().waitFor();
    const box = await first.boundingBox();
    if (!box) throw new Error('no tile');
    const cdp = await phonePage.context().newCDPSession(phonePage);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await phonePage.waitForTimeout(700);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await phonePage
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Share' })
      .click();
    const sheet = phonePage.getByRole('dialog', { name: 'Share' });
    await sheet.getByLabel(/^Password/).fill('nordlys 9');
    await sheet
      .locator('.share-dialog__thumb img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await phoneSharer.screenshot('share-dialog-password-mobile');
    await sheet.getByRole('button', { name: 'Get link' }).click();
    const phoneLink = await phonePage.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(
      decodeURIComponent(
        (await phonePage.getByRole('link', { name: 'Send by SMS' }).getAttribute('href')) ?? '',
      ),
    ).toBe(`sms:?&body=${phoneLink}#sms`);
    await phoneSharer.screenshot('share-link-password-mobile');
    expect(phoneSharer.errors).toEqual([]);

    const visitor = await open(openBrowser(PHONE));
    await visitor.page.goto(`${link}#sc`);
    const password = visitor.page.getByLabel('Password');
    await password.fill('nordlys 8');
    await visitor.page.getByRole('button', { name: 'Open' }).click();
    await visitor.page.getByText('Incorrect password').waitFor();
    await visitor.screenshot('share-password-mobile');
    await password.fill('nordlys 7');
    await visitor.page.getByRole('button', { name: 'Open' }).click();
    await visitor.page.getByRole('heading', { level: 1, name: 'sharer shared 1 file with you' }).waitFor();
    // The wrong try's 403 is the only error Chromium logs.
    expect(visitor.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });

  it('stopping a share returns the owner to the timeline; a visitor on the dead link gets a heading and a way on', async () => {
    const made = await callApi<CreateShareReply>(baseUrl, owner, 'POST', '/shares', {
      file_ids: [photos[1]?.fileID],
    });
    const sharer = await open(owner.browser({ width: 1366, height: 900 }));
    const { page } = sharer;
    await page.goto(made.link);
    await page.getByRole('heading', { level: 1, name: 'You shared 1 file' }).waitFor();
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    const stop = page.getByRole('dialog', { name: 'Stop sharing?' });
    await stop.getByRole('button', { name: 'Stop sharing' }).click();
    // core.md §2: the deleted notice, and back to the timeline.
    await page.waitForURL((url) => url.pathname === '/photos');
    await page
      .locator('.toast__message', { hasText: 'Sharing stopped. The link no longer works.' })
      .waitFor();
    await sharer.screenshot('share-stopped-timeline-desktop');
    expect((await fetch(`${baseUrl}/st/4/shares/${made.id}`)).status).toBe(404);
    // Back does not lead to the stopped share's page.
    expect(new URL(page.url()).pathname).toBe('/photos');
    expect(sharer.errors).toEqual([]);

    for (const size of [{ width: 1366, height: 900 }, PHONE]) {
      const visitor = await open(openBrowser(size));
      await visitor.page.goto(made.link);
      await visitor.page.getByRole('heading', { level: 1, name: 'This link no longer works' }).waitFor();
      await visitor.page.getByText('Ask them for a new link.', { exact: false }).waitFor();
      await visitor.page.getByRole('link', { name: 'Go to the start page' }).waitFor();
      await visitor.page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      await visitor.screenshot(`share-gone-${size.width}`);
      expect(visitor.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    }
  });
});
