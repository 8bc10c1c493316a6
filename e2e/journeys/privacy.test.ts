import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type RunningServer, startServer } from '../support/server-process';
import { signUp, uniqueEmail } from './account-steps';
import { createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
const dataDir = inject('dataDir');

/** The decoded text of every message in the server's outbox. */
function outbox(dir: string): string[] {
  const folder = path.join(dir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .sort()
    .map((name) =>
      fs
        .readFileSync(path.join(folder, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

describe('privacy in Chromium', () => {
  const sessions: BrowserSession[] = [];
  const open = async (options?: Parameters<typeof openBrowser>[0]) => {
    const session = await openBrowser(options);
    sessions.push(session);
    return session;
  };
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  it('reverts a consent the server failed to save, and keeps it when saved', async () => {
    const b = await open();
    await signUp(b, { baseUrl, email: uniqueEmail('consent'), name: 'Consent Person' });
    await b.page.goto(`${baseUrl}/settings/privacy#consents`);
    const toggle = b.page.getByRole('switch', { name: 'Help us improve' });
    await toggle.waitFor();
    // Each consent says what it does in the reader's words, never the internal variant names.
    await b.page.getByRole('switch', { name: 'Recognise people you have named' }).waitFor();
    await b.page.getByRole('switch', { name: "Search by what's in your photos" }).waitFor();
    expect(await b.page.getByText(/variant/i).count()).toBe(0);
    await b.screenshot('privacy-desktop');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // The server fails the first save once.
    let failed = false;
    await b.page.route('**/st/4/data_protection/consent_values**', async (route) => {
      if (route.request().method() === 'POST' && !failed) {
        failed = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"Internal Server Error"}',
        });
      }
      return route.continue();
    });
    await toggle.click();
    // Optimistic and disabled while the call is on its way, then back where it was.
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await toggle.isDisabled()).toBe(true);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => toggle.isDisabled()).toBe(false);

    await toggle.click();
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    // With help_us_improve given, the activity tracker reports at start.
    const clientStats = b.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/st/4/client_stats'),
    );
    await b.page.reload();
    expect((await clientStats).postDataJSON()).toMatchObject({ last_foreground: expect.any(Number) });
    await b.page.getByRole('switch', { name: 'Help us improve' }).waitFor();
    await expect
      .poll(() => b.page.getByRole('switch', { name: 'Help us improve' }).getAttribute('aria-checked'))
      .toBe('true');
    expect(b.errors.filter((error) => !error.includes('500'))).toEqual([]);
  });

  it('refuses a bad phone in the legacy form, then saves a good one', async () => {
    const b = await open();
    await signUp(b, { baseUrl, email: uniqueEmail('legacy'), name: 'Legacy Person' });
    await b.page.goto(`${baseUrl}/settings/privacy#legacy`);
    await b.page.getByRole('radio', { name: 'Give my content to a contact' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Who gets your content?' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('Kari Nordmann');
    await dialog.getByLabel('Phone number').fill('12-34');
    await dialog.getByLabel('E-mail address').fill('kari@example.com');
    await dialog.getByLabel('Postal address').fill('Storgata 1, Oslo');
    await dialog.getByText('Entry can only contain + and 8 to 14 numbers').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await b.screenshot('privacy-legacy-dialog-desktop');

    await dialog.getByLabel('Phone number').fill('+4712345678');
    await expect.poll(() => dialog.getByText('Entry can only contain + and 8 to 14 numbers').count()).toBe(0);
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    await b.page.getByText('Contact: Kari Nordmann, kari@example.com').waitFor();
    await b.page.reload();
    await b.page.getByText('Contact: Kari Nordmann, kari@example.com').waitFor();
    expect(
      await b.page.getByRole('radio', { name: 'Give my content to a contact' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(b.errors).toEqual([]);
  });

  it('unsubscribes from a mail’s link while signed out', async () => {
    const sender = await open();
    await signUp(sender, { baseUrl, email: uniqueEmail('sender'), name: 'Mail Sender' });
    const recipient = uniqueEmail('reader');
    // A share sent by e-mail: the mail carries the reader's e-mail settings link.
    const sent = await sender.page.evaluate(async (to) => {
      const token = localStorage.getItem('authToken');
      const auth = { Authorization: `Basic ${btoa(`nordlys:${token}`)}`, 'Content-Type': 'application/json' };
      const form = new FormData();
      form.append('path', 'note.txt');
      form.append('mtime', '1700000000');
      form.append('file', new Blob(['hello']), 'note.txt');
      const upload = await fetch('/st/4/jobs/default/upload', {
        method: 'POST',
        headers: { Authorization: auth.Authorization },
        body: form,
      });
      const file = (await upload.json()) as { fileID: string };
      const share = await (
        await fetch('/st/4/shares', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ file_ids: [file.fileID] }),
        })
      ).json();
      const mail = await fetch(`/st/4/shares/${share.id}/email`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ recipients: [to], subject: 'A note' }),
      });
      return mail.status;
    }, recipient);
    expect(sent).toBe(204);
    const mail = outbox(dataDir).find((message) => message.includes(`To: ${recipient}`));
    const link = mail?.match(/http:\/\/[^\s"<>]+\/emailSettings\?id=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();

    const reader = await open({ width: 375, height: 812, isMobile: true });
    await reader.page.goto(link as string);
    await reader.page.getByRole('heading', { name: 'E-mail updates' }).waitFor();
    await reader.page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect(await reader.page.locator('footer').count()).toBe(0);
    await reader.screenshot('unsubscribe-mobile');
    await reader.page.getByRole('button', { name: 'Unsubscribe' }).click();
    const confirm = reader.page.getByRole('alertdialog', { name: 'Unsubscribe?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await reader.screenshot('unsubscribed-mobile');
    await reader.page.reload();
    await reader.page.getByText('You are unsubscribed at the moment.').waitFor();
    expect(reader.errors).toEqual([]);
  });

  it('the unsubscribe page starts at what the address has, and Stay saves the chosen radio', async () => {
    // An admin-made user: the journeys' sign-ups share one address's sign-up allowance.
    const user = await createApiUser(serverEnv, baseUrl, 'stay');
    const reader = await open({ width: 1366, height: 800 });
    await reader.context.addInitScript((value) => localStorage.setItem('authToken', value), user.token);
    await reader.page.goto(`${baseUrl}/settings/unsubscribe`);
    const keep = reader.page.getByRole('radio', { name: 'Keep getting e-mails' });
    const leave = reader.page.getByRole('radio', { name: 'Unsubscribe from e-mails' });
    await keep.waitFor();
    await reader.screenshot('unsubscribe-entry-desktop');
    await reader.page.setViewportSize({ width: 375, height: 812 });
    // Subscribed: the radio starts at staying, never at unsubscribing.
    expect(await keep.getAttribute('aria-checked')).toBe('true');
    expect(await leave.getAttribute('aria-checked')).toBe('false');

    // Unsubscribe chosen, then Stay: it is asked, and saved as chosen.
    await leave.click();
    await reader.page.getByRole('button', { name: 'Stay' }).click();
    const confirm = reader.page.getByRole('alertdialog', { name: 'Unsubscribe?' });
    await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.page.getByRole('heading', { name: 'Your choice is saved' }).waitFor();
    await reader.page
      .getByText('We will not send you e-mails with news any more.', { exact: false })
      .waitFor();
    await reader.screenshot('unsubscribe-stay-saved-unsubscribed-mobile');

    // Back again: the radio shows the choice kept; choosing to stay and pressing Stay subscribes.
    await reader.page.reload();
    await reader.page.getByText('You are unsubscribed at the moment.').waitFor();
    expect(await leave.getAttribute('aria-checked')).toBe('true');
    await keep.click();
    await reader.page.getByRole('button', { name: 'Stay' }).click();
    await reader.page.getByText('You keep getting e-mails from us.').waitFor();
    await reader.page.reload();
    await keep.waitFor();
    expect(await keep.getAttribute('aria-checked')).toBe('true');
    expect(await reader.page.getByText('You are unsubscribed at the moment.').count()).toBe(0);
    expect(reader.errors).toEqual([]);
  });
});

describe('new terms of service in Chromium', () => {
  let server: RunningServer;
  const sessions: BrowserSession[] = [];
  beforeAll(async () => {
    server = await startServer({ TERMS_VERSION: '2026-11' });
  });
  afterAll(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
    await server.stop();
  });

  it('asks for the new terms until accepted, and not again', async () => {
    const b = await openBrowser();
    sessions.push(b);
    await signUp(b, { baseUrl: server.baseUrl, email: uniqueEmail('terms'), name: 'Terms Person' });
    const dialog = b.page.getByRole('dialog', { name: 'New terms of service' });
    await dialog.waitFor();
    // Not closable by pressing Escape or clicking outside.
    await b.page.keyboard.press('Escape');
    await b.page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await b.screenshot('terms-desktop');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await b.page.reload();
    await b.page.getByRole('button', { name: /Signed in as/ }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await b.page.getByRole('dialog', { name: 'New terms of service' }).count()).toBe(0);
    expect(b.errors).toEqual([]);
  });
});
