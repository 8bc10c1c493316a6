import { randomUUID } from 'node:crypto';
import type { BrowserSession } from '../support/browser';

export const PASSWORD = 'correct horse battery staple';

export const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Creates an account through the app: Create account (from the login wall or /login?create=1),
 * the built-in provider's form, and back into the app signed in.
 */
export async function signUp(
  browser: BrowserSession,
  options: {
    baseUrl: string;
    email: string;
    name: string;
    startFrom?: 'login' | 'wall';
    screenshot?: string;
  },
): Promise<void> {
  const { page } = browser;
  if (options.startFrom === 'wall') {
    await page.getByRole('button', { name: 'Create account' }).click();
  } else {
    await page.goto(`${options.baseUrl}/login?create=1`);
  }
  await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
  await page.getByLabel('E-mail').fill(options.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Name').fill(options.name);
  if (options.screenshot) await browser.screenshot(options.screenshot);
  else await browser.expectAccessible('sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp/') && !url.pathname.startsWith('/login'));
}

/** Signs in an existing account through /login and the provider's sign-in form. */
export async function signIn(
  browser: BrowserSession,
  options: { baseUrl: string; email: string; returnTo?: string; screenshot?: string },
): Promise<void> {
  const { page } = browser;
  const query = options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : '';
  await page.goto(`${options.baseUrl}/login${query}`);
  await page.waitForURL((url) => url.pathname.startsWith('/idp/'));
  await page.getByLabel('E-mail').fill(options.email);
  await page.getByLabel('Password').fill(PASSWORD);
  if (options.screenshot) await browser.screenshot(options.screenshot);
  else await browser.expectAccessible('sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/idp/') && !url.pathname.startsWith('/login'));
}
