import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expectAccessible, settleAnimations } from './accessibility';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far; journeys assert this stays empty. */
  errors: string[];
  /** Saves the screen as screenshots/{name}.png, then holds it to the accessibility check. */
  screenshot(name: string): Promise<string>;
  /** Fails on serious or critical accessibility findings; for screens a journey does not picture. */
  expectAccessible(screen: string): Promise<void>;
  close(): Promise<void>;
}

/** A fresh Chromium profile per session: no cookies, storage or cache carried between journeys. */
export async function openBrowser(
  options: {
    width?: number;
    height?: number;
    locale?: string;
    isMobile?: boolean;
    colorScheme?: 'light' | 'dark';
  } = {},
): Promise<BrowserSession> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'en-US',
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed resource names itself only through the message's location.
    const { url } = message.location();
    errors.push(`console: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  fs.mkdirSync(screenshotDir, { recursive: true });
  return {
    context,
    page,
    errors,
    async screenshot(name) {
      const file = path.join(screenshotDir, `${name}.png`);
      await settleAnimations(page);
      await page.screenshot({ path: file, fullPage: false });
      await expectAccessible(page, name);
      return file;
    },
    expectAccessible: (screen) => expectAccessible(page, screen),
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
