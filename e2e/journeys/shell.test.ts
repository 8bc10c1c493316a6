import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { createApiUser } from './media-steps';

const baseUrl = inject('baseUrl');
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

const SAMPLE_ALBUM = 'AAECAwQFBgcICQoLDA0ODw';
const SAMPLE_FILE = '6f1c2a9e-7d3b-4f5a-9c8e-1b2d3e4f5a6b';
// Well-formed (22 characters, as links carry) but unknown: its page reads it and gets 404.
const SAMPLE_SHARE = 'bm9yZGx5cy1zaGFyZS0wMQ';

/** An i18n key shown as it is ('trash:screens.trash'): its namespace did not arrive in time. */
const RAW_KEY = /\b[a-z][A-Za-z]*:[a-z][A-Za-z]*\.[A-Za-z.]+/;

/** One concrete path for every route in both specs' route tables. */
const ROUTES = [
  '/',
  '/photos',
  `/photos/${SAMPLE_FILE}`,
  '/albums',
  `/albums/${SAMPLE_ALBUM}`,
  `/albums/${SAMPLE_ALBUM}/edit/photos`,
  `/albums/${SAMPLE_ALBUM}/edit/addPhotos`,
  `/a/${SAMPLE_ALBUM}`,
  `/a/${SAMPLE_ALBUM}/createNew`,
  `/a/${SAMPLE_ALBUM}/subscribe`,
  `/a/${SAMPLE_ALBUM}/copyAlbum`,
  `/a/${SAMPLE_ALBUM}/${SAMPLE_FILE}/copyAlbum`,
  `/share/${SAMPLE_SHARE}`,
  `/share/${SAMPLE_SHARE}/copyShare`,
  `/carousel/${SAMPLE_ALBUM}/${SAMPLE_FILE}`,
  `/albumImage/${SAMPLE_ALBUM}/${SAMPLE_FILE}`,
  `/comments/${SAMPLE_ALBUM}/${SAMPLE_FILE}`,
  `/addPhotos/${SAMPLE_ALBUM}`,
  '/selectPhotos',
  '/selectPhotos/42',
  '/selectProfilePicture',
  '/deleted_items',
  '/deleted_items/photos?fromNav=1',
  '/deleted_items/albums',
  '/_from_inside_app/deleted_items',
  '/_from_inside_app/settings/privacy',
  '/documents',
  '/settings',
  '/settings/privacy',
  '/settings/takeout',
  '/settings/unsubscribe',
  '/settings/storage',
  '/settings/devices',
  '/settings/testFlags',
  '/settings/_advanced',
  // Well-formed but unknown: the page reads it, gets 404 and says the link is not valid.
  '/emailSettings?id=bm9yZGx5cy1lbWFpbC1jb25zZW50',
  '/help',
  '/error/user_disabled',
  '/error/500',
];

describe('web shell in Chromium', () => {
  let browser: BrowserSession;

  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(async () => {
    await browser.close();
  });

  it('loads the start page with the brand and navigation', async () => {
    const { page } = browser;
    await page.goto(baseUrl);
    await expect.poll(() => page.title()).toContain('Nordlys');
    await page.getByRole('navigation').first().waitFor();
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    await browser.screenshot('home-desktop');
    expect(browser.errors).toEqual([]);
  });

  it('shows page-not-found with a way back for an unknown path', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/this/does/not/exist`);
    await page.getByText(/oops.*page not found/i).waitFor();
    const back = page.getByRole('link', { name: /back/i });
    expect(await back.count()).toBeGreaterThan(0);
    await browser.screenshot('not-found');
    expect(browser.errors).toEqual([]);
  });

  it('answers an album address without its album with the spec message as a page, at 1366 and 375 px', async () => {
    for (const [width, height, name] of [
      [1366, 900, 'missing-album-desktop'],
      [375, 812, 'missing-album-phone'],
    ] as const) {
      const { page } = browser;
      await page.setViewportSize({ width, height });
      // Loaded directly: the server hands the address to the client instead of a JSON 403.
      const response = await page.goto(`${baseUrl}/a//createNew`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toContain('text/html');
      await page.getByRole('heading', { name: 'This album link is incomplete' }).waitFor();
      await page.getByText('Must have params for either albumID or albumIDB64').waitFor();
      expect(await page.getByRole('link', { name: 'Go to albums' }).count()).toBe(1);
      await browser.screenshot(name);
    }
    await browser.page.goto(`${baseUrl}/comments//${SAMPLE_FILE}`);
    await browser.page.getByText('Must have params for either albumID or albumIDB64').waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('shows the account-terminated message for /error/user_disabled and a generic one otherwise', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/error/user_disabled`);
    await page.getByText('The account has been terminated by its user').waitFor();
    await browser.screenshot('error-user-disabled');
    await page.goto(`${baseUrl}/error/oops`);
    await page
      .getByText(/something went wrong/i)
      .first()
      .waitFor();
    await browser.expectAccessible('error-generic');
    expect(browser.errors).toEqual([]);
  });

  it('renders every route of the spec without a page error', async () => {
    const { page } = browser;
    for (const route of ROUTES) {
      await page.goto(`${baseUrl}${route}`);
      await page.locator('main, [role="main"]').first().waitFor({ timeout: 10_000 });
      const text = (await page.locator('body').innerText()).trim();
      expect(text.length, route).toBeGreaterThan(10);
      expect(text, route).not.toMatch(RAW_KEY);
      expect(await page.title(), route).not.toMatch(RAW_KEY);
      expect(await page.getByText(/oops.*page not found/i).count(), `${route} should be a known route`).toBe(
        0,
      );
      await browser.expectAccessible(route);
    }
    // The sample album, share and file ids do not exist: their pages read them, get 404 and show
    // their not-found state, which the browser logs as a failed resource. Anything else fails.
    const notFoundReads = /^console: Failed to load resource: the server responded with a status of 404/;
    expect(browser.errors.filter((error) => !notFoundReads.test(error))).toEqual([]);
  });

  it('has exactly one main landmark on every page, signed out and signed in', async () => {
    const { page } = browser;
    const pages = ROUTES;
    const landmarks = async (signedIn: boolean) => {
      const counts: Record<string, number> = {};
      for (const route of pages) {
        await page.goto(`${baseUrl}${route}`);
        await page.locator('main').first().waitFor({ timeout: 10_000 });
        // Screens that read data draw their own content (and any landmark in it) once it is in:
        // wait until nothing is busy and the page reads the same twice in a row. (A signed-in page
        // keeps a change feed open, so the network never goes idle.)
        await expect
          .poll(
            async () => {
              const before = await page.locator('body').innerText();
              await page.waitForTimeout(300);
              const busy = await page.locator('[aria-busy="true"]').count();
              return busy === 0 && before === (await page.locator('body').innerText());
            },
            { timeout: 15_000, message: route },
          )
          .toBe(true);
        // Counted in the DOM: a page that opens on a dialog (album creation's guest prompt) hides
        // its landmarks from the accessibility tree while the dialog is up.
        counts[`${signedIn ? 'signed in' : 'signed out'} ${route}`] = await page
          .locator('main, [role="main"]')
          .count();
      }
      return counts;
    };
    const signedOut = await landmarks(false);
    // Signed in as an admin-made user: the journeys' sign-ups share one address's sign-up allowance.
    const user = await createApiUser(serverEnv, baseUrl, 'landmarks');
    await browser.context.addInitScript((value) => localStorage.setItem('authToken', value), user.token);
    const signedIn = await landmarks(true);
    const all = { ...signedOut, ...signedIn };
    expect(Object.keys(all)).toHaveLength(2 * pages.length);
    expect(Object.entries(all).filter(([, count]) => count !== 1)).toEqual([]);
  });

  it('ticks a test flag on /settings/testFlags and keeps it across a reload', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/settings/testFlags`);
    const checkbox = page.getByRole('checkbox', { name: /new-signup/i });
    await checkbox.waitFor();
    expect(await checkbox.isChecked()).toBe(false);
    await checkbox.check();
    await page.reload();
    await page.getByRole('checkbox', { name: /new-signup/i }).waitFor();
    expect(await page.getByRole('checkbox', { name: /new-signup/i }).isChecked()).toBe(true);
    await browser.screenshot('test-flags');
    expect(browser.errors).toEqual([]);
  });

  it('sets a flag from the URL query', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/settings/testFlags?delete-card=1`);
    const checkbox = page.getByRole('checkbox', { name: /delete-card/i });
    await checkbox.waitFor();
    expect(await checkbox.isChecked()).toBe(true);
    await browser.expectAccessible('test-flags-from-query');
  });
});

describe('languages', () => {
  const cases = [
    { cookie: 'nb_NO', lang: 'nb' },
    { cookie: 'en_US', lang: 'en' },
    { cookie: 'sv_SE', lang: 'sv' },
    { cookie: 'bg_BG', lang: 'bg' },
  ];

  it.each(cases)('renders in $cookie when the lang cookie says so', async ({ cookie, lang }) => {
    const browser = await openBrowser();
    try {
      const url = new URL(baseUrl);
      await browser.context.addCookies([{ name: 'lang', value: cookie, domain: url.hostname, path: '/' }]);
      await browser.page.goto(`${baseUrl}/nonexistent-page`);
      await expect.poll(() => browser.page.getAttribute('html', 'lang')).toMatch(new RegExp(`^${lang}`));
      const text = await browser.page.locator('body').innerText();
      if (cookie !== 'en_US') expect(text).not.toMatch(/oops.*page not found/i);
      await browser.screenshot(`language-${cookie}`);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('switches language at runtime, and a screen opened afterwards brings its strings in that language', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${baseUrl}/help`);
      await page.locator('footer select').selectOption('sv_SE');
      await expect.poll(() => page.getAttribute('html', 'lang')).toMatch(/^sv/);
      // The trash's strings (its title heads the login wall) are not part of the first load.
      await page.evaluate(() => {
        window.history.pushState(null, '', '/deleted_items');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { name: 'Papperskorg' }).waitFor();
      await expect.poll(() => page.title()).toContain('Papperskorg');
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('follows the browser language when there is no cookie', async () => {
    const browser = await openBrowser({ locale: 'sv-SE' });
    try {
      await browser.page.goto(baseUrl);
      await expect.poll(() => browser.page.getAttribute('html', 'lang')).toMatch(/^sv/);
      await browser.expectAccessible('home-sv');
    } finally {
      await browser.close();
    }
  });
});

describe('mobile layout', () => {
  it('draws the start page at 375 px without moving what is on screen, described for search', async () => {
    const browser = await openBrowser({ width: 375, height: 812, isMobile: true });
    try {
      const { page } = browser;
      await page.addInitScript(() => {
        const w = window as unknown as { layoutShift: number };
        w.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            w.layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Slowed as a phone is, so the screen's code arrives well after the shell is drawn.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(baseUrl);
      await page.locator('.start-hero__pitch').waitFor();
      await page.waitForTimeout(500);
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift).toBeLessThanOrEqual(0.1);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        await page.locator('.start-hero__pitch').textContent(),
      );
      const robots = await page.request.get(`${baseUrl}/robots.txt`);
      expect(await robots.text()).toContain('Disallow: /');
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('opens the burger menu at 375 px; a signed-out visitor gets Sign in instead of tabs', async () => {
    const user = await createApiUser(serverEnv, baseUrl, 'burger');
    const browser = await user.browser({ width: 375, height: 812, isMobile: true });
    const visitor = await openBrowser({ width: 375, height: 812, isMobile: true });
    try {
      const { page } = browser;
      await page.goto(`${baseUrl}/photos`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Albums' }).waitFor();
      await browser.screenshot('mobile-burger-menu');
      expect(browser.errors).toEqual([]);

      // Timeline and Albums would only lead a visitor to the sign-in wall.
      await visitor.page.goto(`${baseUrl}/share/${SAMPLE_SHARE}`);
      await visitor.page.getByRole('heading', { level: 1 }).waitFor();
      await visitor.page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      expect(await visitor.page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
      expect(await visitor.page.getByRole('link', { name: 'Timeline' }).count()).toBe(0);
    } finally {
      await browser.close();
      await visitor.close();
    }
  });
});
