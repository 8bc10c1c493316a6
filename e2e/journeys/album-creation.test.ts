import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Album, AlbumList } from '@nordlys/contract/album';
import type { FileRecord } from '@nordlys/contract/file';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, decodedPictures, landscapeJpeg, seedAlbum, uploadLandscapes } from '../support/album-steps';
import { type BrowserSession, openBrowser } from '../support/browser';
import { PASSWORD, signUp, uniqueEmail } from './account-steps';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
const PHONE = { width: 375, height: 812, isMobile: true };

let owner: ApiUser;
let photos: FileRecord[] = [];
let workDir: string;
let browser: BrowserSession | undefined;

const api = <T>(user: ApiUser, method: string, apiPath: string, json?: unknown) =>
  callApi<T>(baseUrl, user, method, apiPath, json);

const albumsOf = async (user: ApiUser) => (await api<AlbumList>(user, 'GET', '/jobs?stories=1')).jobs;

const decoded = (session: BrowserSession) => decodedPictures(session.page);

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-album-creation-'));
  owner = await createApiUser(serverEnv, baseUrl, 'creator');
  photos = await uploadLandscapes(owner, workDir, [
    ['harbour.jpg', 1200, 900, '#7fb2d9', '#2a6f8f', '#3b4a5a'],
    ['peaks.jpg', 1200, 900, '#f2a97e', '#35577a', '#4b3b53'],
    ['aurora.jpg', 1200, 900, '#1b3a4b', '#103040', '#0f1c24'],
    ['beach.jpg', 1200, 900, '#9fd3e6', '#2f8fa8', '#6b7f5a'],
  ]);
}, 120_000);

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('album creation journey', () => {
  it('creates an album with three photos from the timeline', async () => {
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums`);
    await page.getByRole('button', { name: 'New album' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New album' });
    await dialog.getByLabel('Album name').fill('Summer in Lofoten');
    await browser.screenshot('album-create-desktop');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/albums\/[A-Za-z0-9_-]{22}\/edit\/addPhotos$/);
    const bar = page.getByRole('toolbar', { name: 'Choose photos' });
    await bar.getByText('0 selected').waitFor();
    // Until something is chosen, the draft offers to be created empty.
    await bar.getByRole('button', { name: 'Create empty album' }).waitFor();
    for (const photo of photos.slice(0, 3)) {
      await page.getByRole('button', { name: `Select ${photo.fileName}` }).click();
    }
    await bar.getByText('3 selected').waitFor();
    await decoded(browser);
    await browser.screenshot('album-add-photos-desktop');
    await bar.getByRole('button', { name: 'Create album' }).click();

    await page.waitForURL(/\/albums\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole('heading', { level: 1, name: 'Summer in Lofoten' }).waitFor();
    await page.getByRole('list', { name: 'Photos and videos' }).getByRole('img').nth(2).waitFor();
    const created = (await albumsOf(owner)).find((album) => album.name === 'Summer in Lofoten');
    expect(created?.media_count).toBe(3);
    expect(page.url()).toBe(`${baseUrl}/albums/${created?.idB64}`);
    // The creation steps gave way to the album in history.
    await page.goBack();
    await page.waitForURL((url) => !url.pathname.includes('/edit/'));
    expect(browser.errors).toEqual([]);
  });

  it('adds a photo to an album from its page', async () => {
    const album = (await albumsOf(owner)).find((one) => one.name === 'Summer in Lofoten');
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums/${album?.idB64}`);
    await page.getByRole('button', { name: 'Add photos' }).click();
    await page.waitForURL(`${baseUrl}/albums/${album?.idB64}/edit/addPhotos`);
    const bar = page.getByRole('toolbar', { name: 'Choose photos' });
    expect(await bar.getByRole('button', { name: 'Add photos' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Select ${photos[3]?.fileName}` }).click();
    await bar.getByRole('button', { name: 'Add photos' }).click();
    await page.waitForURL(`${baseUrl}/albums/${album?.idB64}`);
    await page.getByRole('list', { name: 'Photos and videos' }).getByRole('img').nth(3).waitFor();
    expect((await api<Album>(owner, 'GET', `/jobs/${album?.id}`)).media_count).toBe(4);
    expect(browser.errors).toEqual([]);
  });

  it('an external selection stops at its maximum and hands the files back', async () => {
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/selectPhotos?max=1`);
    const bar = page.getByRole('toolbar', { name: 'Choose photos' });
    await page.getByRole('button', { name: `Select ${photos[0]?.fileName}` }).click();
    await bar.getByText('1/1').waitFor();
    await page.getByRole('button', { name: `Select ${photos[1]?.fileName}` }).click();
    await page.getByText("You've selected the maximum number of files").waitFor();
    await bar.getByText('1/1').waitFor();
    await bar.getByRole('button', { name: 'Add photos' }).click();
    await page.waitForURL(/\/selectPhotos\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: '1 photo selected' }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('an upload from the device creates the draft album and may go to the timeline too', async () => {
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums?overlay=create_album`);
    const dialog = page.getByRole('dialog', { name: 'New album' });
    await dialog.getByLabel('Album name').fill('Straight from the camera');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const bar = page.getByRole('toolbar', { name: 'Choose photos' });
    await bar.getByRole('button', { name: 'Upload from device' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload to the album' });
    await upload.getByText('Also add to my timeline').waitFor();
    const file = await landscapeJpeg(path.join(workDir, 'camera.jpg'), [
      'camera.jpg',
      1200,
      900,
      '#e8c6a0',
      '#4a7a96',
      '#2e4057',
    ]);
    await upload.getByTestId('upload-file-input').setInputFiles(file);
    // The first upload created the album.
    await page.getByText('We created an album for your upload').waitFor();
    await bar.getByText('1 uploaded').waitFor({ timeout: 30_000 });
    await bar.getByRole('button', { name: 'Create album' }).click();
    const copy = page.getByRole('alertdialog', { name: 'Add the uploads to your timeline too?' });
    await copy.waitFor();
    await copy.getByRole('button', { name: 'Add to timeline' }).click();
    await page.getByRole('heading', { level: 1, name: 'Straight from the camera' }).waitFor();
    const created = (await albumsOf(owner)).find((album) => album.name === 'Straight from the camera');
    expect(created?.media_count).toBe(1);
    await page.goto(`${baseUrl}/photos`);
    await page.getByRole('button', { name: 'Select camera.jpg' }).waitFor();
    // A thumbnail still being made answers 503 (the protocol): the browser logs it as a failed load.
    expect(browser.errors.filter((error) => !/503 \(Service Unavailable\)/.test(error))).toEqual([]);
  });

  it('a shared album needs its name and ends with the share step', async () => {
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/albums?overlay=create_album`);
    const dialog = page.getByRole('dialog', { name: 'New album' });
    await dialog.getByRole('radio', { name: /Shared/ }).click();
    const name = dialog.getByLabel('Album name');
    expect(await name.inputValue()).toBe('New shared album');
    await name.fill('  ');
    await name.blur();
    await dialog.getByText('Album name is required for shared albums').waitFor();
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await name.fill('Cabin weekend');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const bar = page.getByRole('toolbar', { name: 'Choose photos' });
    await page.getByRole('button', { name: `Select ${photos[3]?.fileName}` }).click();
    await bar.getByRole('button', { name: 'Create album' }).click();
    const share = page.getByRole('dialog', { name: 'Share your album' });
    await share.waitFor();
    const link = await share.getByLabel('Album link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/a/[A-Za-z0-9_-]{22}$`));
    await browser.screenshot('album-share-prompt-desktop');
    await share.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cabin weekend' }).waitFor();
    const created = (await albumsOf(owner)).find((album) => album.name === 'Cabin weekend');
    expect(created?.isShared).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  it('adds a timeline selection to an album through the picker', async () => {
    const target = await api<Album>(owner, 'POST', '/jobs', { type: 'story', name: 'Picked' });
    browser = await owner.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await page.getByRole('button', { name: `Select ${photos[0]?.fileName}` }).click();
    await page.getByRole('button', { name: `Select ${photos[1]?.fileName}` }).click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Add to album' }).click();
    const picker = page.getByRole('dialog', { name: 'Select album' });
    const done = picker.getByRole('button', { name: 'Done' });
    await picker.getByRole('button', { name: /Picked/ }).waitFor();
    expect(await done.isDisabled()).toBe(true);
    await picker.getByRole('button', { name: /Picked/ }).click();
    const tile = await picker.getByRole('button', { name: /Picked/ }).boundingBox();
    expect(Math.round(tile?.width ?? 0)).toBe(229);
    expect(Math.round(tile?.height ?? 0)).toBe(114);
    await browser.screenshot('album-picker-desktop');
    await done.click();
    await page.getByText('2 files added to the album').waitFor();
    await expect.poll(async () => (await api<Album>(owner, 'GET', `/jobs/${target.id}`)).media_count).toBe(2);
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL(`${baseUrl}/albums/${target.idB64}`);
    expect(browser.errors).toEqual([]);
  });

  it('on a phone: the name step, the selection and the picker', async () => {
    browser = await owner.browser(PHONE);
    const { page } = browser;
    await page.goto(`${baseUrl}/albums?overlay=create_album`);
    const dialog = page.getByRole('dialog', { name: 'New album' });
    await dialog.getByLabel('Album name').fill('Phone album');
    await browser.screenshot('album-create-mobile');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: `Select ${photos[0]?.fileName}` }).click();
    await page.getByRole('toolbar', { name: 'Choose photos' }).getByText('1 selected').waitFor();
    await decoded(browser);
    await browser.screenshot('album-add-photos-mobile');
    // Cancel drops the draft: nothing is created.
    await page
      .getByRole('toolbar', { name: 'Choose photos' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.waitForURL((url) => !url.pathname.includes('/edit/'));
    expect((await albumsOf(owner)).some((album) => album.name === 'Phone album')).toBe(false);

    await page.goto(`${baseUrl}/photos`);
    await page.getByRole('button', { name: `Select ${photos[2]?.fileName}` }).click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Add to album' }).click();
    const picker = page.getByRole('dialog', { name: 'Select album' });
    await picker.getByRole('button', { name: /Summer in Lofoten/ }).waitFor();
    const tile = await picker.getByRole('button', { name: /Summer in Lofoten/ }).boundingBox();
    expect(Math.round(tile?.width ?? 0)).toBe(137);
    expect(Math.round(tile?.height ?? 0)).toBe(68);
    await decoded(browser);
    await browser.screenshot('album-picker-mobile');
    expect(browser.errors).toEqual([]);
  });

  it('a signed-out visitor adds a shared album to their photos after signing up', async () => {
    const shared = await seedAlbum(baseUrl, owner, 'Fjord trip', photos.slice(0, 2), { public: 1 });
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${shared.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Fjord trip' }).waitFor();
    await page.getByRole('button', { name: 'Add to my photos' }).click();
    await page.waitForURL(`${baseUrl}/a/${shared.idB64}/copyAlbum`);
    await browser.screenshot('album-copy-gate-desktop');
    await signUp(browser, { baseUrl, email: uniqueEmail('visitor'), name: 'Visitor', startFrom: 'wall' });

    // Back signed in, the remembered copy has run: the album's files are in the new timeline.
    await page.waitForURL(`${baseUrl}/photos`);
    await page.getByText('Album added to your timeline').waitFor();
    for (const photo of photos.slice(0, 2)) {
      await page.getByRole('button', { name: `Select ${photo.fileName}` }).waitFor();
    }
    expect(await page.getByRole('button', { name: /^Select .*\.jpg$/ }).count()).toBe(2);
    expect(browser.errors).toEqual([]);
  });

  it('a signed-out visitor creating an album gives a name, registers with it and lands in album creation', async () => {
    const shared = await seedAlbum(baseUrl, owner, 'Midsummer', photos.slice(0, 1), { public: 1 });
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${shared.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Midsummer' }).waitFor();
    await page.getByRole('button', { name: 'More album actions' }).click();
    await page.getByRole('menuitem', { name: 'Create your own album' }).click();
    await page.waitForURL(`${baseUrl}/a/${shared.idB64}/createNew`);
    const prompt = page.getByRole('dialog', { name: "What's your name?" });
    await prompt.getByText('Give a name to show to the people you share this album with.').waitFor();
    // An album needs an account: registering is the prompt's answer, and it needs the name.
    await prompt.getByRole('button', { name: 'Create account' }).click();
    await prompt.getByText('Field is required').waitFor();
    await prompt.getByLabel('Your name').fill('Gunnar Guest');
    await browser.screenshot('name-prompt-album-creation-desktop');
    await prompt.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
    expect(await page.getByLabel('Name').inputValue()).toBe('Gunnar Guest');
    await page.getByLabel('E-mail').fill(uniqueEmail('creator-guest'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back signed in, the held creation opens the create-album form.
    await page.waitForURL(`${baseUrl}/albums?overlay=create_album`);
    const create = page.getByRole('dialog', { name: 'New album' });
    await create.getByLabel('Album name').fill('My midsummer');
    await create.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/albums\/[A-Za-z0-9_-]{22}\/edit\/addPhotos$/);
    // The account was created under the name given in the prompt.
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const account = await callApi<{ name: string }>(baseUrl, { token: token ?? '' }, 'GET', '/account_info');
    expect(account.name).toBe('Gunnar Guest');
    expect(browser.errors).toEqual([]);
  });

  it('the album-creation name prompt on a phone; cancel leaves the visitor on the album', async () => {
    const shared = await seedAlbum(baseUrl, owner, 'Phone midsummer', photos.slice(0, 1), { public: 1 });
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${shared.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Phone midsummer' }).waitFor();
    await page.getByRole('button', { name: 'More album actions' }).click();
    await page.getByRole('menuitem', { name: 'Create your own album' }).click();
    const prompt = page.getByRole('dialog', { name: "What's your name?" });
    await prompt.getByLabel('Your name').fill('Gunnar Guest');
    await browser.screenshot('name-prompt-album-creation-mobile');
    await prompt.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${baseUrl}/a/${shared.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Phone midsummer' }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('a signed-out visitor joins a shared album after signing up', async () => {
    const shared = await api<Album>(owner, 'POST', '/jobs', { type: 'story', name: 'Choir tour', public: 1 });
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${baseUrl}/a/${shared.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Choir tour' }).waitFor();
    await page.getByRole('button', { name: 'Join album' }).click();
    await page.waitForURL(`${baseUrl}/a/${shared.idB64}/subscribe`);
    await signUp(browser, { baseUrl, email: uniqueEmail('joiner'), name: 'Joiner', startFrom: 'wall' });
    await page.waitForURL(`${baseUrl}/albums/${shared.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Choir tour' }).waitFor();
    const users = await api<{ users: { name: string; role: string }[] }>(
      owner,
      'GET',
      `/jobs/${shared.id}/users`,
    );
    expect(users.users).toContainEqual(expect.objectContaining({ name: 'Joiner', role: 'subscriber' }));
    expect(browser.errors).toEqual([]);
  });
});
