import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../fixtures-made/media';
import type { BrowserSession } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

let user: ApiUser;
let photo: FileRecord;
let other: FileRecord;
let browser: BrowserSession | undefined;

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'trash');
  photo = await user.upload(path.join(fixturesDir, 'photo-exif.jpg'), Math.floor(Date.now() / 1000));
  other = await user.upload(
    path.join(fixturesDir, 'rotated-orientation6.jpg'),
    Math.floor(Date.now() / 1000),
  );
  for (const file of [photo, other]) await user.waitForUrl(file.thumbURLSmall as string);
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A call as the user, for setting up albums. */
async function call<T>(
  method: string,
  apiPath: string,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/st/4${apiPath}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`nordlys:${user.token}`).toString('base64')}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** An album holding the photo (linked by checksum), then deleted to the trash. */
async function trashedAlbum(name: string): Promise<string> {
  const created = await call<{ id: string }>('POST', '/jobs', { type: 'story', name });
  expect(created.status).toBe(201);
  const linked = await call<{ status: string }>('POST', `/jobs/${created.body.id}/files_dedup`, {
    path: `${name}.jpg`,
    checksum: photo.checksum,
    mtime: photo.mtime,
    policy: 'no_duplicates',
  });
  expect(linked.body.status).toBe('linked');
  expect((await call('DELETE', `/jobs/${created.body.id}`)).status).toBe(204);
  return created.body.id;
}

/** Toasts fade out over 0.3 s; a screenshot's accessibility check waits until none is on screen. */
const toastsGone = (page: Page) =>
  expect.poll(() => page.locator('.toast').count(), { timeout: 15_000 }).toBe(0);

const tile = (page: Page, id: string) => page.locator(`.timeline-tile[data-file-id="${id}"]`);

async function deleteFromTimeline(page: Page, file: FileRecord) {
  await tile(page, file.fileID).hover();
  await tile(page, file.fileID)
    .getByRole('button', { name: /^Select / })
    .click();
  await page.getByRole('toolbar', { name: 'Selected files' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('1 file deleted').waitFor();
  await expect.poll(() => tile(page, file.fileID).count()).toBe(0);
}

describe('trash journey', () => {
  it('deletes a photo, undoes it from the toast, deletes it again, finds it in the trash with 90 days, restores it', async () => {
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/photos`);
    await tile(page, photo.fileID).waitFor();

    // Undo on the toast brings it back at once.
    await deleteFromTimeline(page, photo);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('1 file restored').waitFor();
    await expect.poll(() => tile(page, photo.fileID).count(), { timeout: 15_000 }).toBe(1);

    // Deleted again, it is in the trash, reached from the user menu.
    await deleteFromTimeline(page, photo);
    await page.getByRole('button', { name: /^Signed in as|^Open user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Trash', exact: true }).click();
    await page.getByRole('heading', { name: 'Trash', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?fromNav=1');
    await page.getByText('1 item').waitFor();
    await toastsGone(page);
    await browser.screenshot('trash-hub-desktop');
    await page.getByRole('link', { name: /Photos and videos/ }).click();
    await page.getByRole('heading', { name: 'Photos and videos', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Permanently deleted soon', level: 2 }).waitFor();
    const trashed = page.locator('.trash-tile', { has: page.getByRole('img', { name: 'photo-exif.jpg' }) });
    await trashed.getByText('90 days left').waitFor();
    await expect
      .poll(() =>
        trashed.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await toastsGone(page);
    await browser.screenshot('trash-photos-desktop');

    // Download all: one archive of the trash, through a signed link.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Trash (1).zip');
    expect(await download.failure()).toBeNull();

    await trashed.getByRole('button', { name: 'Select photo-exif.jpg' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Selected items' });
    await toolbar.getByText('1 selected').waitFor();
    await toastsGone(page);
    await browser.screenshot('trash-selected-desktop');
    await toolbar.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('1 file restored').waitFor();
    await page.getByText('The trash is empty.').waitFor();
    await toastsGone(page);
    await browser.screenshot('trash-empty-desktop');

    // Back in the timeline.
    await page.getByRole('button', { name: 'Go to timeline' }).click();
    await tile(page, photo.fileID).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('deletes forever after confirmation; the server no longer has it', async () => {
    expect(await user.delete(other)).toBe(200);
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/deleted_items/photos`);
    const trashed = page.locator('.trash-tile', { has: page.getByRole('img', { name: other.fileName }) });
    await trashed.getByRole('button', { name: `Select ${other.fileName}` }).click();
    await page
      .getByRole('toolbar', { name: 'Selected items' })
      .getByRole('button', { name: 'Delete permanently' })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete 1 item permanently?').waitFor();
    await browser.expectAccessible('trash-delete-forever-confirm');
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('1 file permanently deleted').waitFor();
    await page.getByText('The trash is empty.').waitFor();
    const meta = await user.get<{ error: string }>(
      `/st/4/jobs/${other.jobID}/metadata/${encodeURIComponent(other.path)}`,
    );
    expect(meta).toEqual({ status: 404, body: { error: 'deleted' } });
    expect(browser.errors).toEqual([]);
  });

  it('on a phone: the hub, and the list in the in-app variant without the top bar', async () => {
    const again = await user.upload(
      path.join(fixturesDir, 'rotated-orientation6.jpg'),
      Math.floor(Date.now() / 1000),
      'phone.jpg',
    );
    await user.waitForUrl(again.thumbURLSmall as string);
    expect(await user.delete(again)).toBe(200);
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/deleted_items`);
    await page.getByRole('link', { name: /Albums/ }).waitFor();
    await browser.screenshot('trash-hub-mobile');
    await page.goto(`${baseUrl}/_from_inside_app/deleted_items`);
    await page.getByRole('link', { name: /Photos and videos/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/_from_inside_app/deleted_items/photos');
    await page
      .locator('.trash-tile', { has: page.getByRole('img', { name: 'phone.jpg' }) })
      .getByText('90 days left')
      .waitFor();
    expect(await page.locator('.top-nav').count()).toBe(0);
    await browser.screenshot('trash-photos-in-app-mobile');
    expect(browser.errors).toEqual([]);
  });

  it('restores a deleted album from the album trash, and deletes another forever', async () => {
    const kept = await trashedAlbum('Holiday');
    const dropped = await trashedAlbum('Drafts');
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/deleted_items`);
    await page
      .locator('.trash-hub')
      .getByRole('link', { name: /Albums/ })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/deleted_items/albums');
    await page.getByRole('heading', { name: 'Albums', level: 1 }).waitFor();
    const card = (name: string) => page.locator('.trash-tile', { hasText: name });
    await card('Holiday').getByText('1 item · 90 days left').waitFor();
    await card('Drafts').waitFor();
    await expect
      .poll(() =>
        card('Holiday')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await browser.screenshot('trash-albums-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await browser.screenshot('trash-albums-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await card('Holiday').getByRole('button', { name: 'Select Holiday' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Selected items' });
    await toolbar.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('1 album restored').waitFor();
    await expect.poll(() => card('Holiday').count()).toBe(0);

    await card('Drafts').getByRole('button', { name: 'Select Drafts' }).click();
    await toolbar.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('1 album permanently deleted').waitFor();
    await page.getByText('No albums in the trash.').waitFor();

    // The server agrees: one album is back with its file, the other is gone.
    const back = await call<{ media_count: number }>('GET', `/jobs/${kept}`);
    expect(back.status).toBe(200);
    expect(back.body.media_count).toBe(1);
    expect((await call('GET', `/jobs/${dropped}`)).status).toBe(404);
    expect(browser.errors).toEqual([]);
  });

  it('counts trashed albums on the hub and restores them all from the album trash, at 1366 and 375 px', async () => {
    const ids = [await trashedAlbum('Summer'), await trashedAlbum('Winter')];
    browser = await user.browser({ width: 1366, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/deleted_items`);
    const albumsEntry = page.locator('.trash-hub').getByRole('link', { name: /Albums/ });
    await albumsEntry.getByText('2 albums').waitFor();
    await browser.screenshot('trash-hub-album-count-desktop');
    await albumsEntry.click();
    const card = (name: string) => page.locator('.trash-tile', { hasText: name });
    await card('Summer').waitFor();
    await card('Winter').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Restore all' }).waitFor();
    await browser.screenshot('trash-albums-restore-all-mobile');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Restore all' }).click();
    const done = page.getByRole('alertdialog', { name: 'Everything is restored' });
    await done.getByText('2 items are back where they were.').waitFor();
    await browser.screenshot('trash-albums-restored-desktop');
    await done.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByText('No albums in the trash.').waitFor();
    for (const id of ids) expect((await call('GET', `/jobs/${id}`)).status).toBe(200);
    await page.goto(`${baseUrl}/deleted_items`);
    await albumsEntry.getByText('0 albums').waitFor();
    expect(browser.errors).toEqual([]);
  });
});
