import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLandscapes } from '../support/album-steps';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type RunningServer, startServer } from '../support/server-process';
import { type ApiUser, createApiUser } from './media-steps';

/**
 * The app casts to our receiver page over the local stand-in for the Cast channel (on with
 * TEST_ENDPOINTS; no TV is here): the viewer's cast button, the device name in the viewer, and the
 * casting bar on the other pages driving the receiver.
 */
let server: RunningServer;
let user: ApiUser;
let files: FileRecord[] = [];

beforeAll(async () => {
  server = await startServer({ TEST_ENDPOINTS: 'true' });
  user = await createApiUser(server.env, server.baseUrl, 'caster');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-cast-bar-'));
  files = await uploadLandscapes(user, dir, [
    ['fjord.jpg', 1600, 1000, '#7fb2d9', '#2d6a8f', '#2f4a3a'],
    ['dusk.jpg', 1000, 1400, '#e3a27a', '#40506e', '#3b2f3f'],
  ]);
});
afterAll(() => server?.stop());

async function signedIn(session: BrowserSession, returnTo: string) {
  const { page } = session;
  await page.goto(`${server.baseUrl}/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('journey password 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === returnTo);
}

describe('casting from the app', () => {
  for (const [width, height, suffix] of [
    [1280, 800, 'desktop'],
    [375, 740, 'mobile'],
  ] as const) {
    it(`casts the viewed picture and controls the receiver from the bar (${suffix})`, async () => {
      const session = await openBrowser({ width, height });
      try {
        const [first, second] = files as [FileRecord, FileRecord];
        const receiver = await session.context.newPage();
        await receiver.goto(`${server.baseUrl}/cast/receiver`);
        await receiver.locator('#cast-stage[data-player-state="IDLE"]').waitFor({ state: 'attached' });

        const { page } = session;
        await signedIn(session, `/photos/${first.fileID}`);
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await page.getByRole('button', { name: 'Cast to a TV' }).click();
        await page.getByText('Casting to localhost').waitFor();
        await expect
          .poll(() => receiver.locator('#cast-stage').getAttribute('data-file-id'))
          .toBe(first.fileID);
        // The viewer has its own controls: no bar over it.
        expect(await page.getByRole('region', { name: 'Casting' }).count()).toBe(0);
        await session.screenshot(`casting-viewer-${suffix}`);

        await page.getByRole('button', { name: 'Close' }).first().click();
        await page.waitForURL((url) => url.pathname === '/photos');
        const bar = page.getByRole('region', { name: 'Casting' });
        await bar.waitFor();
        await bar.getByText('Casting to localhost').waitFor();
        await bar.getByText('Photo · Playing').waitFor();
        await session.screenshot(`casting-bar-${suffix}`);

        await bar.getByRole('button', { name: 'Pause' }).click();
        await bar.getByText('Photo · Paused').waitFor();
        await expect
          .poll(() => receiver.locator('#cast-stage').getAttribute('data-player-state'))
          .toBe('PAUSED');
        await bar.getByRole('button', { name: 'Next' }).click();
        await expect
          .poll(() => receiver.locator('#cast-stage').getAttribute('data-file-id'))
          .toBe(second.fileID);

        await bar.getByRole('button', { name: 'Stop casting' }).click();
        await bar.waitFor({ state: 'detached' });
        expect(session.errors).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }
});
