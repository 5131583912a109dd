/**
 * Getting around the site (issue 17, point 7): from every page a visitor can open, the store, the
 * concert donations, the event registration and the account are one click away, in the top bar and
 * in the footer, on a phone and on a desktop; /registration says when and where the event is.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

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

describe('site navigation', () => {
  const t = usePage();

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
        for (const { role, nav } of LANDMARKS) {
          const links = page.getByRole(role).getByRole('navigation', { name: nav });
          for (const target of TARGETS) {
            const link = links.getByRole('link', { name: target.link, exact: true });
            expect(await link.isVisible(), `${route}: ${target.link} (${nav}, ${size.width}px)`).toBe(true);
            expect(await link.getAttribute('href')).toBe(target.path);
          }
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
          await page.getByRole('heading', { level: 1, name: target.heading, exact: true }).waitFor({ timeout: 10_000 });
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
    await footer
      .getByText('is a non-profit organization. Donations are tax-deductible as per applicable laws.')
      .waitFor();
    await footer.getByRole('link', { name: 'Site map' }).click();
    await page.getByRole('heading', { level: 1, name: 'Site map' }).waitFor();
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
    const { page } = t;
    for (const timezoneId of ['America/Los_Angeles', 'Asia/Kolkata']) {
      // The date is a calendar day: the same day on both sides of the world.
      const context = await page.context().browser()?.newContext({ baseURL: t.baseUrl, timezoneId, locale: 'en-US' });
      if (!context) throw new Error('no browser');
      const there = await context.newPage();
      await there.goto('/registration');
      const date = there.getByText('Saturday, May 15, 2027', { exact: true });
      await date.waitFor();
      expect(await date.getAttribute('datetime')).toBe('2027-05-15');
      await there.getByText('Dallas Center, 4455 Legacy Dr, Frisco, TX 75034', { exact: true }).waitFor();
      await context.close();
    }
  });
});
