/**
 * Getting around the site (issue 17, point 7): from every page a visitor can open, the store, the
 * concert donations, the event registration and the account are one click away, in the top bar and
 * in the footer, on a phone and on a desktop; /registration says when and where the event is.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** SPEC.md §2's routes (/dashboard sends a stranger on to /login; /auth-success without a token stays). */
const ROUTES = [
  '/',
  '/concert',
  '/cart',
  '/checkout',
  '/order-success',
  '/order-failed',
  '/payment',
  '/dashboard',
  '/login',
  '/register',
  '/registration',
  '/report',
  '/auth-success',
  '/nav',
];

/** Each link, where it leads a visitor who has not signed in, and the heading found there. */
const TARGETS = [
  { link: 'Store', path: '/', heading: 'Donation Items' },
  { link: 'Concerts', path: '/concert', heading: 'Concert Donations' },
  { link: 'Event Registration', path: '/registration', heading: 'Bhagavad Gita Mahayagna Registration' },
  { link: 'Account', path: '/login', heading: 'Login' },
];

const LANDMARKS = [
  { role: 'banner', nav: 'Main' },
  { role: 'contentinfo', nav: 'Footer' },
] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Waits until `locator` is shown, asking every 20 ms. Not `locator.waitFor()`: Playwright retries
 * that after 20, 50, 100, 100 and then every 500 ms, and a page in a chunk not loaded yet appears
 * some 300 ms after the click (React holds its 'Loading page…' that long), so each such click
 * waited until the 770 ms retry: half a second idle a click, some fifteen seconds over this file.
 */
async function shown(locator: Locator): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout: 10_000, interval: 20 }).toBe(true);
}

/**
 * One context and page for the whole file, not usePage()'s fresh one per test: every test starts
 * with a full load (goto) of its route as a stranger (nothing here signs in or fills the bucket), and a
 * warm context serves the site's scripts from its cache, where a fresh one fetched and compiled them
 * again: about half a second a test. The page's errors are still checked after each test.
 */
function useOnePage(options: { timezoneId: string }) {
  const fixture = { baseUrl: inject('baseUrl') } as {
    browser: Browser;
    context: BrowserContext;
    page: Page;
    baseUrl: string;
  };
  let pageErrors: Error[] = [];
  beforeAll(async () => {
    fixture.browser = await launchChromium();
    fixture.context = await fixture.browser.newContext({ baseURL: fixture.baseUrl, locale: 'en-US', ...options });
    fixture.page = await fixture.context.newPage();
    fixture.page.on('pageerror', (err) => pageErrors.push(err));
  });
  afterAll(async () => {
    await fixture.context?.close();
    await fixture.browser?.close();
  });
  beforeEach(() => {
    pageErrors = [];
  });
  afterEach(() => {
    if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.map((e) => e.message).join('; ')}`);
  });
  return fixture;
}

describe('site navigation', () => {
  // Los Angeles: the last test reads /registration's date there too (and in Kolkata, its own context).
  const t = useOnePage({ timezoneId: 'America/Los_Angeles' });

  // Every link is checked (shown, and where it leads) in both bars at both sizes from every route;
  // the clicks are made at one size in one bar per route, turning through the four pairs of size and
  // bar route after route, so each pair is clicked from three or four routes: a quarter of the
  // navigations of clicking them all, which cost a minute of both cores on every run.
  ROUTES.forEach((route, index) => {
    it(`from ${route}, the top bar's and the footer's links reach the store, concerts, event and account`, async () => {
      const { page } = t;
      for (const [sizeIndex, size] of [PHONE, DESKTOP].entries()) {
        await page.setViewportSize(size);
        await page.goto(route);
        // Where the visitor is once the page has settled: a stranger's /dashboard moves on to /login.
        const start = route === '/dashboard' ? '/login' : route;
        await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(start);
        // The sixteen reads at once: one after the other, their round trips to Chromium cost a tenth
        // of a second a size.
        const reads = LANDMARKS.flatMap(({ role, nav }) =>
          TARGETS.map(async (target) => {
            const link = page
              .getByRole(role)
              .getByRole('navigation', { name: nav })
              .getByRole('link', { name: target.link, exact: true });
            const [visible, href] = await Promise.all([link.isVisible(), link.getAttribute('href')]);
            return { what: `${route}: ${target.link} (${nav}, ${size.width}px)`, visible, href, path: target.path };
          }),
        );
        for (const { what, visible, href, path } of await Promise.all(reads)) {
          expect(visible, what).toBe(true);
          expect(href, what).toBe(path);
        }
        // Route 0: phone, top bar; 1: desktop, footer; 2: desktop, top bar; 3: phone, footer; …
        if (sizeIndex !== (index + Math.floor(index / 2)) % 2) continue;
        const { role, nav } = LANDMARKS[index % 2] ?? LANDMARKS[0];
        for (const target of TARGETS) {
          const link = page.getByRole(role).getByRole('navigation', { name: nav }).getByRole('link', {
            name: target.link,
            exact: true,
          });
          await link.click();
          await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(target.path);
          await shown(page.getByRole('heading', { level: 1, name: target.heading, exact: true }));
          expect(await link.getAttribute('aria-current'), `${route} → ${target.link} (${nav}, ${size.width}px)`).toBe(
            'page',
          );
          // Back to the page the visitor started from, as the browser's Back button does (a link to
          // the page already shown adds no history entry).
          if (target.path !== start) await page.goBack();
          await expect.poll(() => pathOf(page)).toBe(start);
        }
      }
    });
  });

  it('the footer keeps its sentence and links the site map, a grouped list of every page', async () => {
    const { page } = t;
    await page.goto('/cart');
    const footer = page.getByRole('contentinfo');
    await shown(footer.getByText('is a non-profit organization. Donations are tax-deductible as per applicable laws.'));
    await footer.getByRole('link', { name: 'Site map' }).click();
    await shown(page.getByRole('heading', { level: 1, name: 'Site map' }));
    const map = page.getByRole('main').getByRole('navigation', { name: 'Site map' });
    expect(await map.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Give',
      'Event',
      'Account',
      'Administration',
    ]);
    // Issue 21 added the back office (/admin) beside the payment report.
    expect(await map.getByRole('link').count()).toBe(12);
    expect(await map.getByRole('link', { name: /Back office/ }).getAttribute('href')).toBe('/admin');
  });

  it('/registration says when (the calendar day, spelled out) and where the event is', async () => {
    // The date is a calendar day: the same day on both sides of the world, in Los Angeles (this
    // file's page) and in Kolkata (a context of its own: the time zone is a context's).
    const kolkata = await t.browser.newContext({ baseURL: t.baseUrl, timezoneId: 'Asia/Kolkata', locale: 'en-US' });
    try {
      for (const there of [t.page, await kolkata.newPage()]) {
        await there.goto('/registration');
        const date = there.getByText('Saturday, May 15, 2027', { exact: true });
        await shown(date);
        expect(await date.getAttribute('datetime')).toBe('2027-05-15');
        await shown(there.getByText('Dallas Center, 4455 Legacy Dr, Frisco, TX 75034', { exact: true }));
      }
    } finally {
      await kolkata.close();
    }
  });
});
