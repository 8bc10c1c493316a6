import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CastItemReply } from '@nordlys/contract/cast-item';
import { CAST_LOCAL_CHANNEL_NAME } from '@nordlys/contract/cast-local-channel';
import { type CastMessage, encodeCastMessage, type ReceiverState } from '@nordlys/contract/cast-messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLandscapes } from '../support/album-steps';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type RunningServer, startServer } from '../support/server-process';
import { type ApiUser, createApiUser } from './media-steps';

/**
 * Our receiver page as a TV runs it, with a second page of the same browser in the sender's
 * place on the local stand-in for the Cast channel (on with TEST_ENDPOINTS): the messages are the
 * codec's, the media URLs the server's cast items.
 */
let server: RunningServer;
let user: ApiUser;
const items: CastItemReply[] = [];

beforeAll(async () => {
  server = await startServer({ TEST_ENDPOINTS: 'true' });
  user = await createApiUser(server.env, server.baseUrl, 'caster');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-cast-'));
  const files = await uploadLandscapes(user, dir, [
    ['fjord.jpg', 1600, 1000, '#7fb2d9', '#2d6a8f', '#2f4a3a'],
    ['dusk.jpg', 1000, 1400, '#e3a27a', '#40506e', '#3b2f3f'],
  ]);
  for (const file of files) {
    const reply = await user.get<CastItemReply>(`/st/4/jobs/default/files_by_id/${file.fileID}/cast_item`);
    expect(reply.status).toBe(200);
    items.push({ ...reply.body, url: new URL(reply.body.url, server.baseUrl).href });
  }
});
afterAll(() => server?.stop());

/** The sender's side: what it hears on the channel is kept in window.heard. */
async function openSender(session: BrowserSession, errors: string[]): Promise<Page> {
  const page = await session.context.newPage();
  page.on('pageerror', (error) => errors.push(`sender pageerror: ${error.message}`));
  page.on('console', (m) => (m.type() === 'error' ? errors.push(`sender console: ${m.text()}`) : undefined));
  // A page of the same origin that stays put (the app would route and reload).
  await page.goto(`${server.baseUrl}/healthz`);
  await page.evaluate((name) => {
    const w = window as unknown as { heard: string[]; channel: BroadcastChannel };
    w.heard = [];
    w.channel = new BroadcastChannel(name);
    w.channel.onmessage = (event) => {
      if (event.data?.from === 'receiver') w.heard.push(event.data.message);
    };
  }, CAST_LOCAL_CHANNEL_NAME);
  return page;
}

const send = (sender: Page, message: CastMessage) =>
  sender.evaluate((wire) => (window as unknown as { channel: BroadcastChannel }).channel.postMessage(wire), {
    from: 'sender',
    message: encodeCastMessage(message),
  });

const lastState = async (sender: Page): Promise<ReceiverState | null> => {
  const heard = await sender.evaluate(() => (window as unknown as { heard: string[] }).heard);
  const last = heard.at(-1);
  return last ? (JSON.parse(last) as { state: ReceiverState }).state : null;
};

const shownFile = (receiver: Page) => receiver.locator('#cast-stage').getAttribute('data-file-id');

describe('the Cast receiver in Chromium', () => {
  it('shows the product and that it is ready to cast while nothing is cast, in every language', async () => {
    const host = new URL(server.baseUrl).hostname;
    for (const [locale, lang, ready] of [
      ['en_US', 'en-US', 'Ready to cast'],
      ['nb_NO', 'nb-NO', 'Klar til casting'],
      ['sv_SE', 'sv-SE', 'Redo att casta'],
      ['bg_BG', 'bg-BG', 'Готово за предаване'],
    ] as const) {
      const tv = await openBrowser({ width: 1280, height: 720 });
      try {
        await tv.context.addCookies([{ name: 'lang', value: locale, domain: host, path: '/' }]);
        const receiver = tv.page;
        await receiver.goto(`${server.baseUrl}/cast/receiver`);
        await receiver.getByRole('heading', { level: 1, name: 'Nordlys' }).waitFor();
        await receiver.getByText(ready, { exact: true }).waitFor();
        expect(await receiver.getAttribute('html', 'lang')).toBe(lang);
        expect(await receiver.locator('.cast-idle__hint').textContent()).toContain('Nordlys');
        expect(await receiver.getByRole('main').count()).toBe(1);
        await tv.screenshot(`cast-receiver-idle-${locale}`);
        if (locale === 'en_US') {
          await receiver.setViewportSize({ width: 375, height: 667 });
          const hint = (await receiver.locator('.cast-idle__hint').boundingBox())!;
          expect(hint.x).toBeGreaterThanOrEqual(16);
          expect(hint.x + hint.width).toBeLessThanOrEqual(375 - 16);
          await tv.screenshot('cast-receiver-idle-mobile');
          await receiver.setViewportSize({ width: 1280, height: 720 });

          // Cast something and the idle screen makes way for it.
          const senderErrors: string[] = [];
          const sender = await openSender(tv, senderErrors);
          const [first] = items as [CastItemReply];
          await send(sender, { type: 'loadSingleItem', item: first, nextItems: [], autoPlay: false });
          await expect.poll(() => shownFile(receiver)).toBe(first.fileID);
          expect(await receiver.locator('#cast-idle').count()).toBe(0);
          expect(senderErrors).toEqual([]);
        }
        expect(tv.errors).toEqual([]);
      } finally {
        await tv.close();
      }
    }
  });

  it('shows the loaded item, moves on after 5 s and reports its state to the sender', async () => {
    const tv = await openBrowser({ width: 1280, height: 720 });
    const senderErrors: string[] = [];
    try {
      const receiver = tv.page;
      await receiver.goto(`${server.baseUrl}/cast/receiver`);
      await receiver.locator('#cast-stage[data-player-state="IDLE"]').waitFor({ state: 'attached' });
      await tv.screenshot('cast-receiver-waiting-desktop');
      const sender = await openSender(tv, senderErrors);

      const [first, second] = items as [CastItemReply, CastItemReply];
      await send(sender, { type: 'loadSingleItem', item: first, nextItems: [second], autoPlay: true });
      const started = Date.now();
      await expect.poll(() => shownFile(receiver)).toBe(first.fileID);
      await receiver.waitForFunction(
        () => (document.querySelector('#cast-stage img') as HTMLImageElement)?.naturalWidth > 0,
      );
      await expect
        .poll(() => lastState(sender))
        .toMatchObject({ current: { fileID: first.fileID }, playerState: 'PLAYING' });
      await tv.screenshot('cast-receiver-showing-desktop');

      // Still the first picture a little before its 5 s are up, the second one after.
      await receiver.waitForTimeout(Math.max(0, 4000 - (Date.now() - started)));
      expect(await shownFile(receiver)).toBe(first.fileID);
      await expect.poll(() => shownFile(receiver), { timeout: 4000 }).toBe(second.fileID);
      expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
      await expect
        .poll(() => lastState(sender))
        .toMatchObject({ current: { fileID: second.fileID }, playerState: 'PLAYING' });

      // Paused, the show stays; asked, the receiver answers with the current item.
      await send(sender, { type: 'playOrPauseMedia' });
      await expect.poll(() => lastState(sender)).toMatchObject({ playerState: 'PAUSED' });
      await send(sender, { type: 'getReceiverState' });
      await expect
        .poll(
          async () => (await sender.evaluate(() => (window as unknown as { heard: string[] }).heard)).length,
        )
        .toBeGreaterThanOrEqual(4);
      expect(await lastState(sender)).toEqual({
        current: second,
        playerState: 'PAUSED',
        autoPlay: true,
        currentTime: 0,
      });

      // A message the codec rejects is dropped without disturbing the show.
      await sender.evaluate(
        (wire) => (window as unknown as { channel: BroadcastChannel }).channel.postMessage(wire),
        { from: 'sender', message: '{"type":"loadSingleItem","item":{"url":"javascript:alert(1)"}}' },
      );
      await send(sender, { type: 'getReceiverState' });
      await expect.poll(() => lastState(sender)).toMatchObject({ current: { fileID: second.fileID } });
      expect(await shownFile(receiver)).toBe(second.fileID);

      await receiver.setViewportSize({ width: 375, height: 667 });
      await tv.screenshot('cast-receiver-showing-mobile');
      expect(tv.errors).toEqual([]);
      expect(senderErrors).toEqual([]);
    } finally {
      await tv.close();
    }
  });
});
