import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
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
  it('shares two photos by link; a visitor signs in from the share and gets the copies; stopping ends the link', async () => {
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

    // The owner stops sharing from the share page; the link then answers not found.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'You shared 2 files' }).waitFor();
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    const stop = page.getByRole('dialog', { name: 'Stop sharing?' });
    await stop.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByRole('dialog', { name: 'Sharing stopped' }).waitFor();
    await page.getByRole('button', { name: 'Go to my photos' }).click();
    await page.waitForURL((url) => url.pathname === '/photos');
    const gone = await fetch(`${baseUrl}/st/4/shares/${link.split('/').pop()}`);
    expect(gone.status).toBe(404);
    await phone.page.reload();
    await phone.page.getByText('This link no longer works').waitFor();
    expect(sharer.errors).toEqual([]);
  });
});
