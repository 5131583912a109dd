/**
 * The site's own pages, as production serves them (ALTCHA captcha, sandbox card form), raise no
 * Content-Security-Policy violation in Chromium, also while they validate forms, solve the captcha,
 * draw the report's chart and download its CSV. (zod 4 probed `new Function` once, which the policy
 * refused with a violation report: the web app now sets zod's `jitless` before zod loads.)
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../apps/server/test/test-db';
import { launchChromium } from '../../e2e/support/browser';
import { builtWebDist } from '../fuzz/fuzz-target';
import { type WatchedPage, watchedPage } from '../support/chromium';
import { recordFigures } from '../support/figures';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'violations passphrase';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_no-csp-violations-report-key-0123456789' };

describeWithDb('no Content-Security-Policy violations on the pages', () => {
  let store: StoreServer;
  let browser: Browser;
  let context: BrowserContext;
  const seen: Record<string, string[]> = {};

  beforeAll(async () => {
    const webDist = builtWebDist();
    if (!webDist) throw new Error('no web build: run `npm run build` (or set WEB_DIST) before the reliability suite');
    store = await startStoreServer({
      WEB_DIST: webDist,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
    });
    browser = await launchChromium();
    context = await browser.newContext({ baseURL: store.baseUrl });
  }, 120_000);

  afterAll(async () => {
    recordFigures('csp-violations', { pages: Object.keys(seen).length, violations: seen });
    await context?.close();
    await browser?.close();
    await store?.close();
  });

  /** Opens a fresh page (each its own zod load), runs the steps, and returns what was reported. */
  async function visit(name: string, steps: (w: WatchedPage) => Promise<void>): Promise<string[]> {
    const watched = await watchedPage(context);
    try {
      await steps(watched);
      const violations = await watched.violations();
      seen[name] = violations;
      return violations;
    } finally {
      await watched.page.close();
    }
  }

  it('the store, the concert tiers, the bucket and the checkout with its card form and captcha', async () => {
    expect(
      await visit('store', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Donate' }).first().waitFor();
      }),
    ).toEqual([]);
    expect(
      await visit('concert', async ({ page }) => {
        await page.goto('/concert');
        await page.getByRole('button', { name: 'Donate' }).first().waitFor();
      }),
    ).toEqual([]);
    expect(
      await visit('bucket and checkout', async ({ page }) => {
        await page.goto('/');
        const card = page.getByRole('article', { name: 'SGS Vagdevi Center' });
        await page.getByLabel('Donation amount (USD)').fill('25');
        await card.getByRole('button', { name: 'Donate' }).click();
        await page.waitForURL('**/cart');
        await page.getByRole('link', { name: 'Checkout' }).click();
        await page.waitForURL('**/checkout');
        await page.getByLabel('Card Number').waitFor({ timeout: 20_000 });
        // Validation runs the shared zod schemas in the page.
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.getByText('First name is required').first().waitFor();
      }),
    ).toEqual([]);
  });

  it('the registration form with its validation, and the account pages', async () => {
    expect(
      await visit('registration', async ({ page }) => {
        await page.goto('/registration');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Age is required').first().waitFor();
      }),
    ).toEqual([]);
    for (const path of ['/login', '/register', '/dashboard', '/nav', '/payment', '/no-such-page']) {
      expect(
        await visit(path, async ({ page }) => {
          await page.goto(path);
          await page.locator('main, [role="main"], h1').first().waitFor();
          await page.waitForLoadState('networkidle');
        }),
        path,
      ).toEqual([]);
    }
  });

  it('the report: login, chart, tables and the CSV download', async () => {
    expect(
      await visit('report', async ({ page }) => {
        await page.goto('/report');
        await page.getByLabel('Username').fill(ADMIN.username);
        await page.getByLabel('Password').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('heading', { name: 'Donor Details' }).waitFor({ timeout: 20_000 });
        await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      }),
    ).toEqual([]);
  });
});
