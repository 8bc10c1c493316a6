import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Album } from '@nordlys/contract/album';
import type { FileComments } from '@nordlys/contract/comment';
import type { FileRecord } from '@nordlys/contract/file';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, linkToAlbum } from '../support/album-steps';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
const PHONE = { width: 375, height: 812, isMobile: true };

let owner: ApiUser;
let participant: ApiUser;
let album: Album;
let photo: FileRecord;
let workDir: string;
const sessions: BrowserSession[] = [];

async function picture(name: string, colour: string): Promise<string> {
  const file = path.join(workDir, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
  return file;
}

const api = <T>(user: ApiUser | null, method: string, apiPath: string, json?: unknown) =>
  callApi<T>(baseUrl, user, method, apiPath, json);

const open = async (session: Promise<BrowserSession>) => {
  const opened = await session;
  sessions.push(opened);
  return opened;
};
const commentsUrl = () => `${baseUrl}/comments/${album.idB64}/${photo.fileID}`;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-comments-'));
  owner = await createApiUser(serverEnv, baseUrl, 'Olga');
  participant = await createApiUser(serverEnv, baseUrl, 'Per');
  photo = await owner.upload(await picture('lake.jpg', '#3d6b85'), Math.floor(Date.now() / 1000) - 86_400);
  await owner.waitForUrl(photo.thumbURLSmall ?? '');
  album = await api<Album>(owner, 'POST', '/jobs', { type: 'story', name: 'Summer lake', public: 1 });
  photo = (await linkToAlbum(baseUrl, owner, album.id, [photo]))[0] ?? photo;
  await api(participant, 'POST', `/jobs/${album.id}/subscribe`);
}, 120_000);

afterEach(async () => {
  for (const session of sessions.splice(0)) {
    expect(session.errors).toEqual([]);
    await session.close();
  }
});

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('comments, loves and the live change feed', () => {
  it('the owner comments and the participant sees it without reloading', async () => {
    const ownerSession = await open(owner.browser());
    const participantSession = await open(participant.browser(PHONE));
    await participantSession.page.goto(commentsUrl());
    await participantSession.page.getByText('No comments yet. Say something nice!').waitFor();
    await ownerSession.page.goto(commentsUrl());
    const input = ownerSession.page.getByRole('textbox', { name: 'Write a comment' });
    await input.waitFor();
    // The post button shows only once there is something to post.
    expect(await ownerSession.page.getByRole('button', { name: 'Post' }).count()).toBe(0);
    await input.fill('The light over the lake that evening!');
    await input.press('Enter');
    await ownerSession.page.getByText('The light over the lake that evening!').waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await participantSession.page
      .getByText('The light over the lake that evening!')
      .waitFor({ timeout: 5000 });
    await ownerSession.screenshot('comments-desktop');
    await participantSession.screenshot('comments-mobile');

    // The participant loves the photo; the owner's count follows.
    await participantSession.page.getByRole('button', { name: 'Love this photo' }).click();
    await participantSession.page.getByRole('button', { name: 'Remove your love' }).waitFor();
    await ownerSession.page.getByText('1 love').waitFor({ timeout: 5000 });
  });

  it("the viewer's comments side panel shows the file's comments", async () => {
    const session = await open(owner.browser());
    await session.page.goto(`${baseUrl}/carousel/${album.idB64}/${photo.fileID}`);
    await session.page.getByRole('button', { name: 'Comments' }).click();
    const panel = session.page.getByRole('region', { name: 'Comments' });
    await panel.getByText('The light over the lake that evening!').waitFor();
    await session.page
      .locator('.carousel img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await session.screenshot('comments-viewer-panel-desktop');
    await panel.getByRole('button', { name: 'Close comments' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it("a photo uploaded in one context appears in the other's timeline within a second", async () => {
    const session = await open(owner.browser());
    await session.page.goto(`${baseUrl}/photos`);
    await session.page.getByRole('img', { name: 'lake.jpg' }).first().waitFor();
    // Let the syncer's poll be held.
    await new Promise((r) => setTimeout(r, 500));
    const fresh = await owner.upload(await picture('meadow.jpg', '#6b8f3d'), Math.floor(Date.now() / 1000));
    const uploaded = Date.now();
    await session.page
      .getByRole('img', { name: fresh.fileName })
      .first()
      .waitFor({ state: 'attached', timeout: 5000 });
    const seenAfter = Date.now() - uploaded;
    expect(seenAfter).toBeLessThan(1000);
    // Its thumbnail is still being made: the tile's first try answers 503 and it tries again.
    session.errors.splice(
      0,
      session.errors.length,
      ...session.errors.filter((e) => !/status of 503/.test(e)),
    );
  });

  it('a photo added to the album in one context appears on the album page open in another', async () => {
    const fresh = await owner.upload(
      await picture('fjord.jpg', '#2f4f6b'),
      Math.floor(Date.now() / 1000) - 3600,
    );
    await owner.waitForUrl(fresh.thumbURLSmall ?? '');
    const participantSession = await open(participant.browser(PHONE));
    await participantSession.page.goto(`${baseUrl}/albums/${album.idB64}`);
    await participantSession.page.getByRole('img', { name: 'lake.jpg' }).waitFor();
    const ownerSession = await open(owner.browser());
    await ownerSession.page.goto(`${baseUrl}/albums/${album.idB64}`);
    await ownerSession.page.getByRole('img', { name: 'lake.jpg' }).waitFor();
    // Let the participant's syncer hold its poll.
    await new Promise((r) => setTimeout(r, 500));
    // The owner's browser adds the photo to the album.
    const status = await ownerSession.page.evaluate(
      async ({ albumId, token, file }) => {
        const response = await fetch(`/st/4/jobs/${albumId}/files_dedup`, {
          method: 'POST',
          headers: { Authorization: `Basic ${btoa(`nordlys:${token}`)}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            path: file.path,
            checksum: file.checksum,
            mtime: file.mtime,
            policy: 'no_duplicates',
          }),
        });
        return response.status;
      },
      {
        albumId: album.id,
        token: owner.token,
        file: { path: fresh.path, checksum: fresh.checksum, mtime: fresh.mtime },
      },
    );
    expect(status).toBeLessThan(300);
    const added = Date.now();
    const tile = participantSession.page.getByRole('img', { name: 'fjord.jpg' });
    await tile.waitFor({ timeout: 3000 });
    expect(Date.now() - added).toBeLessThan(3000);
    // The header's count follows without a reload, on both pages.
    await participantSession.page
      .getByText(/^2 items/)
      .first()
      .waitFor({ timeout: 3000 });
    await ownerSession.page.getByRole('img', { name: 'fjord.jpg' }).waitFor({ timeout: 3000 });
    await tile.evaluate((img: HTMLImageElement) => img.decode());
    await participantSession.screenshot('album-live-add-mobile');
  });

  it('with the comments panel open, a file removed in another context leaves the viewer', async () => {
    const session = await open(owner.browser());
    const { page } = session;
    await page.goto(`${baseUrl}/carousel/${album.idB64}/${photo.fileID}`);
    // The album holds the lake and the fjord: the viewer offers the other one.
    const neighbour = page.getByRole('button', { name: /^(Next|Previous) file$/ });
    await neighbour.waitFor();
    await page.getByRole('button', { name: 'Comments' }).click();
    const panel = page.getByRole('region', { name: 'Comments' });
    await panel.getByText('The light over the lake that evening!').waitFor();
    // Let the panel's syncer hold its poll.
    await new Promise((r) => setTimeout(r, 500));
    const { files } = await api<{ files: FileRecord[] }>(owner, 'GET', `/jobs/${album.id}/files`);
    const fjord = files.find((file) => file.fileName === 'fjord.jpg');
    expect(fjord).toBeDefined();
    await api(owner, 'DELETE', `/jobs/${album.id}/files_by_id/${fjord?.fileID}`);
    await neighbour.waitFor({ state: 'detached', timeout: 3000 });
    // The panel stays with the file shown.
    expect(await panel.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/carousel/${album.idB64}/${photo.fileID}`);
  });

  it('a guest loves the photo after giving a name', async () => {
    const session = await open(openBrowser(PHONE));
    await session.page.goto(commentsUrl());
    const love = session.page.getByRole('button', { name: 'Love this photo' });
    await love.waitFor();
    await love.click();
    const prompt = session.page.getByRole('dialog', { name: "What's your name?" });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await prompt.getByText('Field is required').waitFor();
    await prompt.getByLabel('Your name').fill('Gunnar');
    await session.screenshot('comments-name-prompt-mobile');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await session.page.getByRole('button', { name: 'Remove your love' }).waitFor();
    // The button turns at once; the server has the love once the request behind it has landed.
    await expect
      .poll(
        async () =>
          (await api<FileComments>(owner, 'GET', `/jobs/${album.id}/files_by_id/${photo.fileID}/comments`))
            .loves.count,
        { timeout: 10_000 },
      )
      .toBe(2);
  });

  it("a visitor gives a name from the album's page and comments under it without being asked again", async () => {
    const session = await open(openBrowser(PHONE));
    const { page } = session;
    await page.goto(`${baseUrl}/a/${album.idB64}`);
    await page.getByRole('heading', { level: 1, name: 'Summer lake' }).waitFor();
    await page.getByRole('button', { name: 'Give your name' }).click();
    const prompt = page.getByRole('dialog', { name: "What's your name?" });
    await prompt.getByText('Give a name to show next to your comments and loves.').waitFor();
    await prompt.getByLabel('Your name').fill('Astrid');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Commenting as Astrid' }).waitFor();
    await page
      .locator('.album img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await session.screenshot('album-visitor-name-mobile');

    await page.goto(commentsUrl());
    const input = page.getByRole('textbox', { name: 'Write a comment' });
    await input.fill('Lovely evening, from Astrid');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByText('Lovely evening, from Astrid').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const after = await api<FileComments>(
      owner,
      'GET',
      `/jobs/${album.id}/files_by_id/${photo.fileID}/comments`,
    );
    expect(after.comments.map((c) => [c.author.name, c.author.guest, c.comment])).toContainEqual([
      'Astrid',
      true,
      'Lovely evening, from Astrid',
    ]);
  });

  it("a visitor's comment arrives live on the owner's open viewer, and the owner deletes it without reloading", async () => {
    const text = 'Greetings from the other side of the lake';
    const ownerSession = await open(owner.browser({ width: 1366, height: 768 }));
    const ownerPage = ownerSession.page;
    await ownerPage.goto(`${baseUrl}/carousel/${album.idB64}/${photo.fileID}`);
    await ownerPage.getByRole('button', { name: 'Comments' }).click();
    const ownerPanel = ownerPage.getByRole('region', { name: 'Comments' });
    await ownerPanel.getByText('The light over the lake that evening!').waitFor();
    // A reload would drop this mark: its survival proves the comment came without one.
    await ownerPage.evaluate(() => {
      (window as unknown as { unreloaded: boolean }).unreloaded = true;
    });

    const visitorSession = await open(openBrowser(PHONE));
    const visitorPage = visitorSession.page;
    await visitorPage.goto(`${baseUrl}/a/${album.idB64}`);
    await visitorPage.getByRole('img', { name: 'lake.jpg' }).click();
    await visitorPage.getByRole('button', { name: 'Comments' }).click();
    const visitorPanel = visitorPage.getByRole('region', { name: 'Comments' });
    // On a phone the panel covers the photo, so it says which photo it is about.
    await visitorPanel.getByText('lake.jpg', { exact: true }).waitFor();
    await visitorPanel.locator('.comments__subject img').evaluate((img: HTMLImageElement) => img.decode());
    await visitorPanel.getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await visitorPanel.getByRole('button', { name: 'Post' }).click();
    const prompt = visitorPage.getByRole('dialog', { name: "What's your name?" });
    await prompt.getByLabel('Your name').fill('Vera');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    const posted = visitorPanel.getByRole('listitem').filter({ hasText: text });
    await posted.waitFor();
    await visitorSession.screenshot('comments-visitor-panel-mobile');

    const arrived = ownerPanel.getByRole('listitem').filter({ hasText: text });
    await arrived.waitFor({ timeout: 5000 });
    await ownerSession.screenshot('comments-owner-live-desktop');
    await arrived.getByRole('button', { name: 'More actions' }).click();
    await ownerPage.getByRole('menuitem', { name: 'Delete' }).click();
    await arrived.getByText('Delete this comment?').waitFor();
    await arrived.getByRole('button', { name: 'Delete' }).click();
    await arrived.waitFor({ state: 'detached' });
    expect(await ownerPage.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(
      true,
    );
    // The visitor's open panel hears of the delete too.
    await posted.waitFor({ state: 'detached', timeout: 5000 });
    const left = await api<FileComments>(
      owner,
      'GET',
      `/jobs/${album.id}/files_by_id/${photo.fileID}/comments`,
    );
    expect(left.comments.map((c) => c.comment)).not.toContain(text);
  });

  it('a comment typed while signed out is posted after signing in', async () => {
    const email = `late-${Date.now().toString(36)}@example.com`;
    const { runAdmin } = await import('../../server/src/cli/admin');
    expect(
      await runAdmin(
        ['user:create', '--email', email, '--password', 'journey password 1', '--name', 'Lise'],
        serverEnv,
        () => {},
      ),
    ).toBe(0);
    const session = await open(openBrowser());
    const { page } = session;
    await page.goto(commentsUrl());
    const input = page.getByRole('textbox', { name: 'Write a comment' });
    await input.waitFor();
    await input.fill('Posted once I signed in');
    await page.getByRole('button', { name: 'Post' }).click();
    const prompt = page.getByRole('dialog', { name: "What's your name?" });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('journey password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/comments/'));
    await page.getByText('Posted once I signed in').waitFor();
    await page.getByText('Lise').first().waitFor();
    await expect
      .poll(async () =>
        (
          await api<FileComments>(owner, 'GET', `/jobs/${album.id}/files_by_id/${photo.fileID}/comments`)
        ).comments.map((c) => [c.author.name, c.comment]),
      )
      .toContainEqual(['Lise', 'Posted once I signed in']);
  });
});
