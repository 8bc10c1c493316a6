import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { type BrowserSession, openBrowser } from '../support/browser';
import { type RunningServer, startServer } from '../support/server-process';
import { signUp, uniqueEmail } from './account-steps';

/**
 * A server of its own: new accounts get no storage (so they start read-only), card payments go
 * through the offline provider's test cards, and the test tools are on.
 */
let server: RunningServer;
let png = '';

beforeAll(async () => {
  server = await startServer({ DEFAULT_STORAGE_GIB: '0', TEST_ENDPOINTS: 'true' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-subscribe-'));
  png = path.join(dir, 'first-photo.png');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toFile(png);
});
afterAll(() => server?.stop());

async function choosePlan(browser: BrowserSession, shots: string | null) {
  const { page } = browser;
  const wizard = page.getByRole('dialog', { name: 'Get more storage' });
  await wizard.waitFor();
  await wizard.getByText('Take part in shared albums').waitFor();
  if (shots) await browser.screenshot(`subscription-welcome-${shots}`);
  await wizard.getByRole('button', { name: 'See plans' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose a plan' });
  await plans.waitFor();
  const next = plans.getByRole('button', { name: 'Continue' });
  expect(await next.isDisabled()).toBe(true);
  await plans.getByRole('button', { name: 'NOK 29/month' }).click();
  await next.click();
  await plans.getByText('You must accept the Terms of Service').waitFor();
  await plans.getByRole('checkbox').check();
  if (shots) await browser.screenshot(`subscription-plans-${shots}`);
  await next.click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await payment.waitFor();
  return payment;
}

async function payWith(payment: ReturnType<BrowserSession['page']['getByRole']>, number: string) {
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByRole('button', { name: 'Confirm and pay' }).click();
}

describe('storage subscriptions in Chromium', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  it('a declined card shows the provider’s reason and keeps the card step; the good card then buys, and the account can upload', async () => {
    const browser = await openBrowser({ width: 1366, height: 800 });
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, {
      baseUrl: server.baseUrl,
      email: uniqueEmail('kari'),
      name: 'Kari Nordmann',
      screenshot: 'sign-up-without-free-plan-desktop',
    });

    await page.goto(`${server.baseUrl}/settings/storage`);
    await page.getByText('Your account is read-only. Subscribe to upload and add files again.').waitFor();
    await page.getByText('You have no storage yet.').waitFor();
    await browser.screenshot('storage-read-only-desktop');

    // A declined card: the provider's reason in the spec's words, the wizard still on the card step.
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const payment = await choosePlan(browser, 'desktop');
    await payment.getByText('Test payments:').waitFor();
    await browser.screenshot('subscription-payment-desktop');
    await payWith(payment, '4000 0000 0000 0002');
    await payment
      .getByRole('alert')
      .getByText('Confirm setup intent failed: Your card was declined.', { exact: true })
      .waitFor();
    expect(await page.getByText("Couldn't complete the purchase").count()).toBe(0);
    expect(await payment.getByLabel('Expiry date (MM/YY)').inputValue()).toBe('12/34');
    await browser.screenshot('subscription-declined-desktop');

    // Another card in the same step: the plan is bought and storage shows at once.
    await payWith(payment, '4242 4242 4242 4242');
    await page.getByText('Thank you! Your subscription is active').waitFor();
    await payment.waitFor({ state: 'detached' });
    await page.getByText('Credit card ending in 4242').waitFor();
    await page.getByText(/^Next billing date /).waitFor();
    await expect.poll(() => page.getByText('Your account is read-only.', { exact: false }).count()).toBe(0);
    await browser.screenshot('storage-subscribed-desktop');

    // And the account can upload.
    await page.goto(`${server.baseUrl}/photos`);
    await page.getByRole('button', { name: 'Upload from this device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload photos and videos' });
    await dialog.getByTestId('upload-file-input').setInputFiles(png);
    await page.locator('.timeline-tile').first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });

  it('cancelling a subscription asks first; kept, nothing changes; confirmed, storage stays until the period’s end', async () => {
    const browser = await openBrowser({ width: 1366, height: 800 });
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, { baseUrl: server.baseUrl, email: uniqueEmail('cancel'), name: 'Cato Cancel' });
    await page.goto(`${server.baseUrl}/settings/storage`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payWith(await choosePlan(browser, null), '4242 4242 4242 4242');
    await page.getByText(/^Next billing date /).waitFor();
    // The purchase's toast is closed, so the question is seen alone.
    await page.getByRole('button', { name: 'Dismiss' }).click();

    const cancel = page.getByRole('button', { name: 'Cancel subscription' });
    await cancel.click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await ask.waitFor();
    await ask.getByText(/^You keep your plan's storage until /).waitFor();
    // A real dialog: focus is inside it and stays there.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    expect(await ask.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await browser.screenshot('subscription-cancel-confirm-desktop');
    await ask.getByRole('button', { name: 'Keep subscription' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByText(/^Next billing date /).waitFor();
    expect(await page.getByText(/^Cancelled\. /).count()).toBe(0);

    await page.setViewportSize({ width: 375, height: 812 });
    await cancel.click();
    await ask.waitFor();
    await browser.screenshot('subscription-cancel-confirm-mobile');
    await page.setViewportSize({ width: 1366, height: 800 });
    await ask.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Your subscription has been cancelled').waitFor();
    await page.getByText(/^Cancelled\. Your storage stays until /).waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('Your subscription has been reactivated').waitFor();
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('dialog', { name: 'Choose a plan' }).getByText('Active').waitFor();
    await browser.screenshot('subscription-change-plan-desktop');
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });

  it('an upload batch that does not fit the free space opens the out-of-storage popup', async () => {
    const browser = await openBrowser({ width: 1366, height: 800 });
    sessions.push(browser);
    const { page } = browser;
    const email = uniqueEmail('full');
    await signUp(browser, { baseUrl: server.baseUrl, email, name: 'Fia Full' });
    expect(await runAdmin(['storage:grant', '--email', email, '--gib', '1'], server.env, () => {})).toBe(0);
    // A sparse file: 2 GiB to the browser, nothing on disk.
    const big = path.join(path.dirname(png), `too-big-${Date.now()}.jpg`);
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 2 * 1024 ** 3);

    await page.goto(`${server.baseUrl}/photos`);
    await page.getByRole('button', { name: 'Upload from this device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload photos and videos' });
    await dialog.getByTestId('upload-file-input').setInputFiles(big);
    const popup = page.getByRole('alertdialog', { name: 'Not enough storage' });
    await popup
      .getByText("There isn't room for these files: you're using 0 GB of 1 GB.", { exact: false })
      .waitFor();
    await browser.screenshot('upload-out-of-storage-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await browser.screenshot('upload-out-of-storage-mobile');
    await page.setViewportSize({ width: 1366, height: 800 });
    await popup.getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/photos');

    // The next batch that does not fit asks again; buy more storage leads to the storage page.
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    await dialog.getByTestId('upload-file-input').setInputFiles(big);
    await popup.getByRole('button', { name: 'Buy more storage' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/storage');
    await page.getByText(/ of 1 GB used$/).waitFor();
    fs.rmSync(big);
    expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 812, isMobile: true }],
  ] as const)(
    'a read-only user trying to upload gets the Subscription overlay; the debug page (%s)',
    async (kind, size) => {
      const browser = await openBrowser(size);
      sessions.push(browser);
      const { page } = browser;
      await signUp(browser, {
        baseUrl: server.baseUrl,
        email: uniqueEmail(`debug-${kind}`),
        name: 'Dee Bug',
      });

      await page.goto(`${server.baseUrl}/settings/testFlags`);
      await page.getByRole('link', { name: /^Debug tools/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Debug tools' }).waitFor();
      await page.getByText(/^Pictures: .*heic/).waitFor();
      await browser.screenshot(`debug-page-${kind}`);
      await page.getByRole('button', { name: 'Delete test payment data' }).click();
      await page.getByText('Test payment data deleted.').waitFor();
      await browser.screenshot(`debug-page-deleted-${kind}`);

      // A subscription is required: trying the Upload button opens the overlay, not the upload dialog.
      await page.goto(`${server.baseUrl}/photos`);
      const upload = page.getByRole('banner').getByRole('button', { name: 'Upload' });
      await expect.poll(() => upload.getAttribute('aria-disabled')).toBe('true');
      // Playwright's actionability waits for aria-disabled to go; a person clicks it anyway.
      await upload.click({ force: true });
      await page
        .getByRole('dialog', { name: 'Get more storage' })
        .getByText('Take part in shared albums')
        .waitFor();
      expect(await page.getByRole('dialog', { name: 'Upload photos and videos' }).count()).toBe(0);
      await browser.screenshot(`subscription-required-upload-${kind}`);
      // Going on without one: for an account with no plan that means read-only.
      await page.getByRole('button', { name: 'Not now' }).click();
      await page
        .getByRole('dialog', { name: 'Continue without a subscription?' })
        .getByText(/^Without a subscription your account is read-only/)
        .waitFor();
      await browser.screenshot(`subscription-nosub-${kind}`);

      // So does trying New album, through its read-only gate, whose tooltip offers the plans.
      await page.goto(`${server.baseUrl}/albums`);
      const gate = page.locator('[data-read-only-action="createAlbum"]');
      await gate.hover();
      await page
        .getByRole('tooltip')
        .getByText('Your account is read-only without a subscription.')
        .waitFor();
      await browser.screenshot(`read-only-gate-tooltip-${kind}`);
      await gate.click();
      await page
        .getByRole('dialog', { name: 'Get more storage' })
        .getByText('Take part in shared albums')
        .waitFor();
      expect(browser.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    },
  );

  it('shows the storage page and the plans at 375 px', async () => {
    const browser = await openBrowser({ width: 375, height: 812, isMobile: true });
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, { baseUrl: server.baseUrl, email: uniqueEmail('mobile'), name: 'Mo Bile' });
    await page.goto(`${server.baseUrl}/settings/storage`);
    await page.getByText('You have no subscription.').waitFor();
    await browser.screenshot('storage-read-only-mobile');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const payment = await choosePlan(browser, 'mobile');
    // A bottom sheet: at most 60 % of the screen.
    const sheet = await payment.boundingBox();
    expect(sheet?.height ?? Infinity).toBeLessThanOrEqual(0.6 * 812 + 1);
    await browser.screenshot('subscription-payment-mobile');
    await payWith(payment, '4000 0000 0000 0002');
    await payment.getByText('Confirm setup intent failed: Your card was declined.').waitFor();
    await browser.screenshot('subscription-declined-mobile');
    await payWith(payment, '4242 4242 4242 4242');
    await page.getByText('Credit card ending in 4242').waitFor();
    await browser.screenshot('storage-subscribed-mobile');
  });
});
