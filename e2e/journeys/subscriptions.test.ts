import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

  it('a read-only user is refused with a declined card, then subscribes with the good one and can upload', async () => {
    const browser = await openBrowser();
    sessions.push(browser);
    const { page } = browser;
    await signUp(browser, { baseUrl: server.baseUrl, email: uniqueEmail('kari'), name: 'Kari Nordmann' });

    await page.goto(`${server.baseUrl}/settings/storage`);
    await page.getByText('Your account is read-only. Subscribe to upload and add files again.').waitFor();
    await page.getByText('You have no storage yet.').waitFor();
    await browser.screenshot('storage-read-only-desktop');

    // A declined card: the purchase fails, the wizard closes with the failure toast.
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const payment = await choosePlan(browser, 'desktop');
    await payment.getByText('Test payments:').waitFor();
    await browser.screenshot('subscription-payment-desktop');
    await payWith(payment, '4000 0000 0000 0002');
    await page.getByText("Couldn't complete the purchase").waitFor();
    await payment.waitFor({ state: 'detached' });
    await browser.screenshot('subscription-declined-desktop');

    // The succeeding card: the plan is bought and storage shows at once.
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payWith(await choosePlan(browser, null), '4242 4242 4242 4242');
    await page.getByText('Thank you! Your subscription is active').waitFor();
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

    // Cancelling keeps the storage until the period's end, and it can be reactivated.
    await page.goto(`${server.baseUrl}/settings/storage`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Your subscription has been cancelled').waitFor();
    await page.getByText(/^Cancelled\. Your storage stays until /).waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('Your subscription has been reactivated').waitFor();
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('dialog', { name: 'Choose a plan' }).getByText('Active').waitFor();
    await browser.screenshot('subscription-change-plan-desktop');
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
    await browser.screenshot('subscription-payment-mobile');
    await payWith(payment, '4242 4242 4242 4242');
    await page.getByText('Credit card ending in 4242').waitFor();
    await browser.screenshot('storage-subscribed-mobile');
  });
});
