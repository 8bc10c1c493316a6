import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../fixtures-made/media';
import type { BrowserSession } from '../support/browser';
import { type ApiUser, createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

let user: ApiUser;
let pdf: FileRecord;
let browser: BrowserSession | undefined;

beforeAll(async () => {
  user = await createApiUser(serverEnv, baseUrl, 'documents');
  pdf = await user.upload(path.join(fixturesDir, 'document.pdf'), Math.floor(Date.now() / 1000));
  expect(pdf.file_type).toBe('Documents');
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const currentMonth = () =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(
    new Date(pdf.uploadedTime * 1000),
  );

describe('documents journey', () => {
  it('on a phone: the list without the title and uploaded column', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const { page } = browser;
    await page.goto(`${baseUrl}/documents`);
    const row = page.getByRole('row', { name: /document\.pdf/ });
    await row.waitFor();
    expect(await page.getByRole('columnheader', { name: 'Uploaded' }).isVisible()).toBe(false);
    // Kept for screen readers, but takes no room on screen.
    const title = await page.getByRole('heading', { name: 'Documents', level: 1 }).boundingBox();
    expect(title?.width ?? 0).toBeLessThanOrEqual(1);
    await browser.screenshot('documents-mobile');
    expect(browser.errors).toEqual([]);
  });

  it('on a wide screen: centred at the width of the other settings pages', async () => {
    browser = await user.browser({ width: 1440, height: 900 });
    const { page } = browser;
    await page.goto(`${baseUrl}/documents`);
    await page.getByRole('row', { name: /document\.pdf/ }).waitFor();
    const box = (await page.locator('.documents').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(640);
    expect(box.x).toBeCloseTo((1440 - box.width) / 2, 0);
    await browser.screenshot('documents-desktop-1440');
    expect(browser.errors).toEqual([]);
  });

  it('lists the uploaded PDF under this month, deletes it after confirmation, shows the empty state', async () => {
    browser = await user.browser();
    const { page } = browser;
    await page.goto(`${baseUrl}/documents`);
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');

    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: currentMonth() }).waitFor();
    const row = table.getByRole('row', { name: /document\.pdf/ });
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('PDF');
    // The month header comes before the row.
    const [header, pdfRow] = await table.evaluate((element, month) => {
      const texts = [...element.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');
      return [texts.indexOf(month), texts.findIndex((t) => t.includes('document.pdf'))] as const;
    }, currentMonth());
    expect(header).toBeGreaterThanOrEqual(0);
    expect(pdfRow).toBe(header + 1);
    await browser.screenshot('documents-desktop');

    await page.getByRole('checkbox', { name: 'Select document.pdf' }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Selected documents' });
    await toolbar.getByText('1 selected').waitFor();
    await browser.screenshot('documents-selected-desktop');
    await toolbar.getByRole('button', { name: 'Delete' }).click();

    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Delete 1 file?').waitFor();
    await browser.screenshot('documents-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete' }).click();

    await page.getByText("You don't have any documents yet.").waitFor();
    expect(await page.getByRole('toolbar').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await browser.screenshot('documents-empty-desktop');

    // The server agrees: the document is in the trash, not the list.
    const { body } = await user.get<{ files: FileRecord[] }>(
      `/st/4/jobs/default/files?start=0&end=${Math.floor(Date.now() / 1000) + 60}&types=Documents`,
    );
    expect(body.files).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  it('on a phone: the empty state', async () => {
    browser = await user.browser({ width: 375, height: 812, isMobile: true });
    await browser.page.goto(`${baseUrl}/documents`);
    await browser.page.getByText("You don't have any documents yet.").waitFor();
    await browser.screenshot('documents-empty-mobile');
    expect(browser.errors).toEqual([]);
  });
});
