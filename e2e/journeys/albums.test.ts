import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALBUM_PASSWORD_HEADER, type Album } from '@nordlys/contract/album';
import { transformAlbumPassword } from '@nordlys/contract/album-password';
import type { FileRecord } from '@nordlys/contract/file';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  albumCardsShown,
  albumShown,
  callApi,
  linkToAlbum,
  seedAlbum as seedAlbumOf,
  uploadLandscapes,
} from '../support/album-steps';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
const PHONE = { width: 375, height: 812, isMobile: true };
// A password album's first read answers 403 before the password is given: Chromium logs that.
const realErrors = (errors: string[]) => errors.filter((error) => !/Failed to load resource/.test(error));

let owner: ApiUser;
let shared: Album;
let secret: Album;
let photos: FileRecord[] = [];
let workDir: string;
let browser: BrowserSession | undefined;
let second: BrowserSession | undefined;

const api = <T>(user: ApiUser, method: string, apiPath: string, json?: unknown) =>
  callApi<T>(baseUrl, user, method, apiPath, json);
const seedAlbum = (name: string, files: FileRecord[], extra: Record<string, unknown> = {}) =>
  seedAlbumOf(baseUrl, owner, name, files, extra);

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-albums-'));
  owner = await createApiUser(serverEnv, baseUrl, 'albums');
  photos = await uploadLandscapes(owner, workDir, [
    ['harbour.jpg', 1600, 1067, '#7fb2d9', '#2a6f8f', '#3b4a5a'],
    ['peaks.jpg', 1200, 1600, '#f2a97e', '#35577a', '#4b3b53'],
    ['aurora.jpg', 1600, 900, '#1b3a4b', '#103040', '#0f1c24'],
    ['beach.jpg', 1400, 1050, '#9fd3e6', '#2f8fa8', '#6b7f5a'],
    ['fjord.jpg', 1600, 1200, '#c8d8e8', '#3d6b85', '#5a6470'],
  ]);
  shared = await seedAlbum('Lofoten 2024', photos, { public: 1 });
  await seedAlbum('Garden', photos.slice(3, 4));
  secret = await seedAlbum('Secret cabin', photos.slice(1, 3), {
    public: 1,
    password: await transformAlbumPassword('fjord'),
  });
  expect(shared.media_count).toBe(photos.length);
  expect(shared.isShared).toBe(true);
  expect(secret.password_protected).toBe(true);
}, 180_000);

afterEach(async () => {
  await browser?.close();
  await second?.close();
  browser = undefined;
  second = undefined;
});

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const idB64 = (album: Album) => album.idB64;

describe('albums journey', () => {
  it('the owner finds the albums as cards, opens one and sorts its files', async () => {
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums`);
    const list = page.getByRole('list', { name: 'Albums' });
    await list.getByRole('link', { name: /Lofoten 2024/ }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    await albumCardsShown(page, /Lofoten 2024/);
    await browser.screenshot('albums-desktop');

    // Cards are 296 x 320 on a desktop.
    const card = await page.locator('.album-card').first().boundingBox();
    expect(Math.round(card?.height ?? 0)).toBe(320);
    expect(card?.width ?? 0).toBeGreaterThanOrEqual(296);

    await page.getByRole('button', { name: 'All albums' }).click();
    await page.getByRole('dialog', { name: 'Show' }).getByLabel('Private albums').click();
    await page.waitForURL(/filter=private/);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await list.getByRole('link', { name: /Garden/ }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);

    await page.goto(`${baseUrl}/albums`);
    await page.getByRole('searchbox', { name: 'Search albums' }).fill('lofoten');
    await list.getByRole('link', { name: /Lofoten 2024/ }).click();
    await page.waitForURL(`${baseUrl}/albums/${idB64(shared)}`);
    const grid = await albumShown(page, 'Lofoten 2024', photos.length);
    await browser.screenshot('album-desktop');

    // Oldest first, saved for the album.
    await page.getByRole('button', { name: 'Recently added' }).click();
    await page.getByRole('dialog', { name: 'Sort photos' }).getByLabel('Oldest first').click();
    await page.getByRole('button', { name: 'Oldest first' }).waitFor();
    const names = await grid
      .getByRole('img')
      .evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
    expect(names).toEqual([...photos].reverse().map((photo) => photo.fileName));
    await expect
      .poll(async () => (await api<Album>(owner, 'GET', `/jobs/${shared.id}`)).attributes.sort_order)
      .toBe('OLDEST_TAKEN');

    // The viewer opens on the clicked file at the album's address.
    await grid.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/carousel/${idB64(shared)}/`));
    await page.getByRole('dialog').waitFor();
    // Closing goes back to the album, and Back from there to the list.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${baseUrl}/albums/${idB64(shared)}`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/albums`);
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('on a phone: two cards a row, 190 high; the album in flow rows', async () => {
    browser = await owner.browser(PHONE);
    const { page } = browser;
    await page.goto(`${baseUrl}/albums`);
    await albumCardsShown(page, /Lofoten 2024/);
    const card = await page.locator('.album-card').first().boundingBox();
    expect(Math.round(card?.height ?? 0)).toBe(190);
    await browser.screenshot('albums-mobile');
    await page.goto(`${baseUrl}/albums/${idB64(shared)}`);
    await albumShown(page, 'Lofoten 2024', photos.length);
    await browser.screenshot('album-mobile');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('in the dark theme: the list and the album keep their contrast', async () => {
    browser = await owner.browser({ colorScheme: 'dark' });
    const { page } = browser;
    await page.goto(`${baseUrl}/albums`);
    await albumCardsShown(page, /Lofoten 2024/);
    await browser.screenshot('albums-dark-desktop');
    await page.getByRole('link', { name: /Lofoten 2024/ }).click();
    await albumShown(page, 'Lofoten 2024', photos.length);
    await browser.screenshot('album-dark-desktop');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('a new user is invited to make a first album', async () => {
    const newcomer = await createApiUser(serverEnv, baseUrl, 'albums-new');
    browser = await newcomer.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums`);
    const invite = page.getByRole('button', { name: 'Create your first album' });
    await invite.waitFor();
    await browser.screenshot('albums-empty-desktop');
    await invite.click();
    await page.waitForURL(/overlay=create_album/);
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('a signed-out visitor opens the shared album through its link in a second browser', async () => {
    browser = await owner.browser();
    await browser.page.goto(`${baseUrl}/albums/${idB64(shared)}`);
    await browser.page.getByRole('heading', { level: 1, name: 'Lofoten 2024' }).waitFor();

    second = await openBrowser();
    const { page } = second;
    await page.goto(`${baseUrl}/a/${idB64(shared)}`);
    const grid = await albumShown(page, 'Lofoten 2024', photos.length);
    // A visitor gets no owner controls.
    expect(await page.getByRole('button', { name: 'Album settings' }).count()).toBe(0);
    // Its More menu only offers to start an album of the visitor's own.
    await page.getByRole('button', { name: 'More album actions' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem').first().waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Create your own album']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await second.screenshot('album-visitor-desktop');
    expect(realErrors(second.errors)).toEqual([]);

    // What the owner changes elsewhere shows when the visitor comes back to the window.
    const images = grid.getByRole('img');
    const removedId = decodeURIComponent(
      (await grid.getByRole('link').last().getAttribute('href'))?.split('/').at(-1) ?? '',
    );
    const removedName = await grid.getByRole('link').last().getByRole('img').getAttribute('alt');
    const removed = photos.find((photo) => photo.fileName === removedName)!;
    expect(await owner.delete({ ...removed, jobID: shared.id, fileID: removedId })).toBe(200);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => images.count()).toBe(photos.length - 1);
    await linkToAlbum(baseUrl, owner, shared.id, [removed]);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => images.count()).toBe(photos.length);

    // The slideshow starts the viewer on the first file.
    await page.getByRole('button', { name: 'Slideshow' }).click();
    await page.waitForURL(new RegExp(`/carousel/${idB64(shared)}/[^/]+#autoplay$`));
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${baseUrl}/a/${idB64(shared)}`);

    // One file of the album shown as a share.
    const fileId = decodeURIComponent(
      (await grid.getByRole('link').first().getAttribute('href'))?.split('/').at(-1) ?? '',
    );
    await page.goto(`${baseUrl}/albumImage/${idB64(shared)}/${encodeURIComponent(fileId)}`);
    await page.getByRole('link', { name: 'Download' }).waitFor();
    await page.getByRole('button', { name: 'Full screen' }).waitFor();
    await page.locator('.album-image__img').evaluate((img: HTMLImageElement) => img.decode());
    await second.screenshot('album-image-desktop');
    expect(realErrors(second.errors)).toEqual([]);

    // The album's own address asks a visitor to sign in.
    await page.goto(`${baseUrl}/albums/${idB64(shared)}`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('a password album opens after one wrong try', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${idB64(secret)}`);
    const field = page.getByLabel('Password');
    await field.waitFor();
    await browser.screenshot('album-password-desktop');
    await field.fill('fjords');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.getByText('Incorrect password. Try again.').waitFor();
    await browser.screenshot('album-password-wrong-desktop');
    await field.fill('fjord');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.getByRole('heading', { level: 1, name: 'Secret cabin' }).waitFor();
    await page.getByRole('list', { name: 'Photos and videos' }).getByRole('img').nth(1).waitFor();
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('on a phone: the password page', async () => {
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${idB64(secret)}`);
    await page.getByLabel('Password').waitFor();
    await browser.screenshot('album-password-mobile');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('the owner renames an album, makes it private, sets its cover from the viewer and deletes it', async () => {
    const weekend = await seedAlbum('Weekend', photos.slice(0, 2), { public: 1 });
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums/${idB64(weekend)}`);
    await page.getByRole('heading', { level: 1, name: 'Weekend' }).waitFor();

    await page.getByRole('button', { name: 'Album settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Album settings' });
    await settings.getByLabel('Album name').fill('Weekend away');
    await settings.getByLabel('Private', { exact: true }).click();
    await browser.screenshot('album-settings-desktop');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The album is now private').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Weekend away' }).waitFor();
    const saved = await api<Album>(owner, 'GET', `/jobs/${weekend.id}`);
    expect(saved).toMatchObject({ name: 'Weekend away', isShared: false });

    // The viewer's menu carries the album's right to set the cover.
    const grid = page.getByRole('list', { name: 'Photos and videos' });
    await grid.getByRole('link').last().click();
    await page.waitForURL(new RegExp(`/carousel/${idB64(weekend)}/`));
    const shownFileId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Set as cover' }).click();
    await page.getByText('Album cover updated').waitFor();
    expect((await api<Album>(owner, 'GET', `/jobs/${weekend.id}`)).cover_id).toBe(shownFileId);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${baseUrl}/albums/${idB64(weekend)}`);

    // A file leaves the album from its tile's menu.
    const tiles = page.getByRole('list', { name: 'Photos and videos' }).getByRole('listitem');
    await tiles.first().hover();
    await tiles.first().getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const fileConfirm = page.getByRole('alertdialog');
    await fileConfirm.getByText('Delete 1 file?').waitFor();
    await fileConfirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => tiles.count()).toBe(1);

    await page.getByRole('button', { name: 'More album actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete album' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete album?').waitFor();
    await confirm.getByRole('button', { name: 'Delete album' }).click();
    await page.waitForURL(`${baseUrl}/albums`);
    await page.getByRole('link', { name: /Lofoten 2024/ }).waitFor();
    expect(await page.getByRole('link', { name: /Weekend away/ }).count()).toBe(0);
    // Its address now says it is in the trash.
    await page.goto(`${baseUrl}/albums/${idB64(weekend)}`);
    await page.getByRole('heading', { name: 'This album is in the trash' }).waitFor();
    await page.getByRole('link', { name: 'Open the trash' }).waitFor();
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('a participant sees the people in a shared album and leaves it', async () => {
    const friend = await createApiUser(serverEnv, baseUrl, 'albums-friend');
    await api(friend, 'POST', `/jobs/${shared.id}/subscribe`);
    browser = await friend.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums`);
    await page.getByRole('link', { name: /Lofoten 2024/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Lofoten 2024' }).waitFor();
    expect(await page.getByRole('button', { name: 'Album settings' }).count()).toBe(0);

    await page.getByRole('button', { name: /participant/ }).click();
    const people = page.getByRole('dialog', { name: 'Participants' });
    await people.getByText('Owner').waitFor();
    await people.getByText('albums-friend').waitFor();
    await browser.screenshot('album-participants-desktop');
    await page.keyboard.press('Escape');
    await people.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'More album actions' }).click();
    await page.getByRole('menuitem', { name: 'Leave album' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Leave album?').waitFor();
    await confirm.getByRole('button', { name: 'Leave album' }).click();
    await page.waitForURL(`${baseUrl}/albums`);
    await page.getByRole('button', { name: 'Create your first album' }).waitFor();
    const mine = await api<{ jobs: Album[] }>(friend, 'GET', '/jobs?stories=1&include_details=1');
    expect(mine.jobs.map((album) => album.id)).not.toContain(shared.id);
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('the owner copies, e-mails and texts a shared album’s link from its page, at 1366 and 375 px', async () => {
    browser = await owner.browser({ width: 1366, height: 900 });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const { page } = browser;
    await page.goto(`${baseUrl}/albums/${idB64(shared)}`);
    await albumShown(page, 'Lofoten 2024', photos.length);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share album' });
    await dialog.getByText('Anyone with the link can see the album.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()).toBe(
      `${baseUrl}/a/${idB64(shared)}`,
    );
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    // core.md §8: linkWasCopied, and the copied link says it was copied (#sc).
    await page.locator('.toast__message', { hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl}/a/${idB64(shared)}#sc`,
    );
    await browser.screenshot('album-share-desktop');
    await dialog.getByRole('button', { name: 'Share by e-mail' }).click();
    const email = page.getByRole('dialog', { name: 'Send the album link by e-mail' });
    await email.getByRole('textbox', { name: /^To/ }).fill('kari@example.com, per@example.com');
    await email.getByRole('textbox', { name: /^Subject/ }).fill('Our trip');
    await browser.screenshot('album-share-email-desktop');
    await email.getByRole('button', { name: 'Send' }).click();
    await page
      .getByRole('dialog', { name: 'Share album' })
      .getByText('The link is on its way to 2 recipients.')
      .waitFor();
    // No SMS on a desktop (core.md §2: mobile devices only).
    expect(await dialog.getByRole('link', { name: 'Send by SMS' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(realErrors(browser.errors)).toEqual([]);
    await browser.close();

    browser = await owner.browser(PHONE);
    const phone = browser.page;
    await phone.goto(`${baseUrl}/albums/${idB64(shared)}`);
    await albumShown(phone, 'Lofoten 2024', photos.length);
    // One main landmark, the layout's.
    expect(await phone.getByRole('main').count()).toBe(1);
    // The counts are whole, the actions one row of labelled buttons and More.
    const cut = await phone
      .locator('.album__chip')
      .evaluateAll((chips) =>
        chips.filter(
          (chip) => chip.scrollWidth > chip.clientWidth || chip.getBoundingClientRect().right > 375,
        ),
      );
    expect(cut).toHaveLength(0);
    const actions = phone.locator('.album__actions > button');
    expect(await actions.allInnerTexts()).toEqual(['Add photos', 'Share', '']);
    const tops = await actions.evaluateAll((buttons) =>
      buttons.map((b) => Math.round(b.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    await browser.screenshot('album-mobile');
    await phone.getByRole('button', { name: 'More album actions' }).click();
    const menu = phone.getByRole('menu');
    await menu.getByRole('menuitem').first().waitFor();
    // The sort item names the order in use (the first step may have changed it).
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Download',
      'Slideshow',
      expect.stringMatching(/^Sort: (Recently added|Oldest first)$/),
      'Album settings',
      'Delete album',
    ]);
    await browser.screenshot('album-more-mobile');
    await phone.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await phone.getByRole('button', { name: 'Share', exact: true }).click();
    const sheet = phone.getByRole('dialog', { name: 'Share album' });
    const sms = sheet.getByRole('link', { name: 'Send by SMS' });
    expect(decodeURIComponent((await sms.getAttribute('href')) ?? '')).toBe(
      `sms:?&body=${baseUrl}/a/${idB64(shared)}#sms`,
    );
    await browser.screenshot('album-share-mobile');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('the owner protects an album with a password in its settings, changes it and removes it', async () => {
    const cabin = await seedAlbum('Fjord cabin', photos.slice(0, 2), { public: 1 });
    browser = await owner.browser({ width: 1366, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/albums/${idB64(cabin)}`);
    await albumShown(page, 'Fjord cabin', 2);
    await page.getByRole('button', { name: 'Album settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Album settings' });
    await settings.getByLabel('Protected', { exact: true }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText('Choose a password for a protected album.').waitFor();
    await settings.getByLabel(/^Password/).fill('fjord');
    await browser.screenshot('album-settings-protected-desktop');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await page
      .locator('.album__meta')
      .getByText(/Protected/)
      .waitFor();
    expect(await api<Album>(owner, 'GET', `/jobs/${cabin.id}`)).toMatchObject({
      privacy_mode: 'protected',
      password_protected: true,
    });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Share album' })
      .getByText('Protected: visitors type the album’s password before they see it.')
      .waitFor();
    await browser.screenshot('album-share-protected-desktop');
    await page.keyboard.press('Escape');

    // A visitor is asked for it; the old flow (wrong try, then the transformed password) serves it.
    second = await openBrowser(PHONE);
    const visitor = second.page;
    await visitor.goto(`${baseUrl}/a/${idB64(cabin)}`);
    await visitor.getByLabel('Password').fill('fjell');
    await visitor.getByRole('button', { name: 'Open album' }).click();
    await visitor.getByText('Incorrect password. Try again.').waitFor();
    await visitor.getByLabel('Password').fill('fjord');
    await visitor.getByRole('button', { name: 'Open album' }).click();
    await albumShown(visitor, 'Fjord cabin', 2);
    await visitor
      .locator('.album__meta')
      .getByText(/Protected/)
      .waitFor();
    expect(realErrors(second.errors)).toEqual([]);

    // Changed: the old password no longer opens it.
    await page.getByRole('button', { name: 'Album settings' }).click();
    await settings.getByText('Leave it empty to keep the current password.').waitFor();
    await settings.getByLabel(/^New password/).fill('fjell');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    const read = (password: string) =>
      transformAlbumPassword(password).then((header) =>
        fetch(`${baseUrl}/st/4/jobs/${cabin.id}`, { headers: { [ALBUM_PASSWORD_HEADER]: header } }),
      );
    expect((await read('fjord')).status).toBe(403);
    expect((await read('fjell')).status).toBe(200);

    // Removed: shared by link again, for anyone who has it.
    await page.getByRole('button', { name: 'Album settings' }).click();
    await settings.getByLabel('Shared', { exact: true }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.album__meta').innerText()).not.toMatch(/Protected/);
    expect((await fetch(`${baseUrl}/st/4/jobs/${cabin.id}`)).status).toBe(200);
    expect(realErrors(browser.errors)).toEqual([]);
    await browser.close();

    // The same settings on a phone.
    browser = await owner.browser(PHONE);
    await browser.page.goto(`${baseUrl}/albums/${idB64(cabin)}`);
    await albumShown(browser.page, 'Fjord cabin', 2);
    await browser.page.getByRole('button', { name: 'More album actions' }).click();
    await browser.page.getByRole('menuitem', { name: 'Album settings' }).click();
    const phoneSettings = browser.page.getByRole('dialog', { name: 'Album settings' });
    await phoneSettings.getByLabel('Protected', { exact: true }).click();
    await phoneSettings.getByLabel(/^Password/).fill('fjord');
    await browser.screenshot('album-settings-protected-mobile');
    await phoneSettings.getByRole('button', { name: 'Save' }).click();
    await phoneSettings.waitFor({ state: 'detached' });
    await browser.page
      .locator('.album__meta')
      .getByText(/Protected/)
      .waitFor();
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('a signed-out visitor on a phone gets labelled actions and the product, not tabs to a sign-in wall', async () => {
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${idB64(shared)}`);
    await albumShown(page, 'Lofoten 2024', photos.length);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Timeline' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Albums' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.locator('.album__actions > button').allInnerTexts()).toEqual([
      'Join album',
      'Add to my photos',
      '',
    ]);
    await browser.screenshot('album-visitor-mobile');
    await browser.close();

    browser = await openBrowser({ width: 1366, height: 900 });
    await browser.page.goto(`${baseUrl}/a/${idB64(shared)}`);
    await albumShown(browser.page, 'Lofoten 2024', photos.length);
    expect(await browser.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await browser.page.getByRole('link', { name: 'Get Nordlys' }).click();
    await browser.page.waitForURL(`${baseUrl}/`);
    await browser.page.goBack();
    await albumShown(browser.page, 'Lofoten 2024', photos.length);
    await browser.screenshot('album-visitor-nav-desktop');
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('an album that does not exist says so', async () => {
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums/${Buffer.from(crypto.randomBytes(16)).toString('base64url')}`);
    await page.getByRole('heading', { name: 'Album not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to albums' }).waitFor();
    expect(realErrors(browser.errors)).toEqual([]);
  });
});
