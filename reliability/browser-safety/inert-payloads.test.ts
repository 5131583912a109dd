/**
 * Names and descriptions carrying script and HTML (issue 7) are shown as text, everywhere, in real
 * Chromium: the catalogue (site.json with payloads in item names and descriptions, the foundation,
 * a center, the event), the bucket and checkout, the registration form and its confirmation, the
 * report (donors and registrants), and the receipt and confirmation e-mails (opened in Chromium
 * with scripts on and no Content-Security-Policy, so nothing but escaping stands in the way).
 * Each payload would set window.__pwned if it ran; none may, none may become an element, and the
 * pages report no CSP violation (which an injected handler would cause).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteSchema } from '@store/shared/site';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody, openAmount } from '../../apps/server/test/checkout-helpers';
import { describeWithDb } from '../../apps/server/test/test-db';
import { launchChromium } from '../../e2e/support/browser';
import { builtWebDist } from '../fuzz/fuzz-target';
import { type WatchedPage, watchedPage } from '../support/chromium';
import { emlHtmlPart } from '../support/eml';
import { recordFigures } from '../support/figures';
import { REPO_ROOT } from '../support/server-process';
import { writeSiteConfig } from '../support/site-config';
import { cardNonce, openSessionId, postJson, registrant } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'inert payload passphrase';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_inert-payloads-report-key-0123456789' };

const IMG = `<img src=x onerror="window.__pwned='img'">`;
const SCRIPT = `<script>window.__pwned='script'</script>`;
const SVG = `<svg onload="window.__pwned='svg'"></svg>`;
const FRAME = `"><iframe srcdoc="<script>parent.__pwned='frame'</script>">`;

const ITEM_7 = `Vagdevi ${IMG}`;
const BOOK = `Satakam ${FRAME}`;
const CONCERT = `Supporter ${SVG}`;
const CENTER = `Dallas ${IMG}`;
const FOUNDATION = `Datta Vani ${SVG}`;
/** Shown in the confirmation e-mail. */
const EVENT = `Mahayagna ${SCRIPT}`;
const DONOR = { first: `Asha ${IMG}`, last: `Rao ${SCRIPT}`, student: `Anu ${SVG}` };
const REGISTRANT = { first: `Ravi ${SVG}`, last: `Iyer ${IMG}` };

/**
 * Elements or attributes that only a payload would have made. The one inline script a page has is
 * the catalogue the server embeds as JSON (decision 0020), whose payloads must stay inside it: a
 * payload that closed it would leave a second inline script, or a JSON block that no longer parses.
 */
function injectedElements(page: Page): Promise<number> {
  return page.evaluate(() => {
    const inline = Array.from(document.querySelectorAll('script:not([src])'));
    const data = inline.filter((s) => s.id === 'catalogue-data' && s.getAttribute('type') === 'application/json');
    let broken = 0;
    for (const block of data) {
      try {
        JSON.parse(block.textContent ?? '');
      } catch {
        broken += 1;
      }
    }
    const others = inline.length - Math.min(data.length, 1);
    return (
      document.querySelectorAll('img[src="x"], svg[onload], iframe[srcdoc], [onerror], [onload]').length +
      others +
      broken
    );
  });
}

/** config/site.json with the payloads in every name a page or an e-mail shows. */
function payloadSite(dir: string): string {
  const site = siteSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, 'config/site.json'), 'utf8')));
  site.foundation.name = FOUNDATION;
  site.catalogue = site.catalogue.map((item) =>
    item.id === 7
      ? { ...item, name: ITEM_7, desc: `${SCRIPT} Support the center.` }
      : item.id === 9
        ? { ...item, name: BOOK }
        : item,
  );
  site.concert = site.concert.map((item, i) => (i === 0 ? { ...item, name: CONCERT } : item));
  site.centers = site.centers.map((center) => (center.id === 2 ? { ...center, name: CENTER } : center));
  site.event = { ...site.event, title: EVENT, description: `${IMG} Recite together.` };
  return writeSiteConfig(dir, site);
}

describeWithDb('script and HTML in names stay text', () => {
  let store: StoreServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let siteDir: string;
  const checked: Record<string, { injected: number; violations: number }> = {};

  beforeAll(async () => {
    const webDist = builtWebDist();
    if (!webDist) throw new Error('no web build: run `npm run build` (or set WEB_DIST) before the reliability suite');
    siteDir = mkdtempSync(join(tmpdir(), 'reliability-site-'));
    store = await startStoreServer({
      SITE_CONFIG: payloadSite(siteDir),
      WEB_DIST: webDist,
      CAPTCHA_PROVIDER: 'off',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
    });
    browser = await launchChromium();
    context = await browser.newContext({ baseURL: store.baseUrl });
    watched = await watchedPage(context);
  }, 120_000);

  afterAll(async () => {
    recordFigures('inert-payloads', { pages: checked });
    await context?.close();
    await browser?.close();
    await store?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });

  /** The payload is on the page as text, nothing ran, nothing was injected, nothing was blocked. */
  async function expectInert(where: string, texts: string[]): Promise<void> {
    const { page } = watched;
    for (const text of texts) {
      await page
        .getByText(text, { exact: false })
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(async (error: unknown) => {
          throw new Error(
            `${where}: ${JSON.stringify(text)} not shown in ${JSON.stringify(await page.innerText('body'))}`,
            { cause: error },
          );
        });
    }
    const injected = await injectedElements(page);
    const violations = await watched.violations();
    checked[where] = { injected, violations: violations.length };
    expect(await watched.pwned(), `a payload ran on ${where}`).toBe(false);
    expect(injected, `elements injected on ${where}`).toBe(0);
    expect(violations, `CSP violations on ${where}`).toEqual([]);
  }

  it('shows catalogue names and descriptions as text on the store and concert pages', async () => {
    await watched.page.goto('/');
    // The book's card shows its cover, not its name: the name is checked in the bucket, report and receipt.
    await expectInert('store', [ITEM_7, `${SCRIPT} Support the center.`, FOUNDATION]);
    await watched.page.goto('/concert');
    await expectInert('concert', [CONCERT]);
  });

  it('shows them as text in the bucket and at checkout', async () => {
    const { page } = watched;
    await page.goto('/');
    const card = page.getByRole('article', { name: ITEM_7 });
    await page.getByLabel('Donation amount (USD)').fill('25');
    await card.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await expectInert('bucket', [ITEM_7]);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByLabel('Center', { exact: true }).selectOption({ label: CENTER });
    await expectInert('checkout', [ITEM_7]);
  });

  it('shows the event as text, and registers people named with payloads', async () => {
    const { page } = watched;
    await page.goto('/registration');
    await expectInert('registration', ['Bhagavad Gita Mahayagna Registration']);
    await page.getByRole('group', { name: 'Where will you recite?' }).getByRole('radio').first().check();
    const card = page.getByRole('region').filter({ has: page.getByLabel('Age') });
    await card.getByLabel('Age').fill('30');
    await card.getByLabel('Email').fill('ravi@example.org');
    await card.getByLabel('First Name').fill(REGISTRANT.first);
    await card.getByLabel('Last Name').fill(REGISTRANT.last);
    await card.getByLabel('Gender').selectOption('Male');
    await card.getByLabel('Phone', { exact: true }).fill('512 555 0100');
    await card.getByLabel('Category').selectOption('Memorization');
    await card.getByLabel('Country').selectOption('US');
    await card.getByLabel('State', { exact: true }).selectOption('TX');
    await card.getByLabel('City').fill('Austin');
    await card.getByLabel('Zip / Postal Code').fill('78701');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('region', { name: 'Registration received' }).waitFor({ timeout: 20_000 });
    await expectInert('registration confirmation', ['A confirmation has been sent to ravi@example.org.']);
  });

  it('shows donors and registrants as text in the report', async () => {
    // A donation from a donor whose names are payloads, for the book (payload name) and item 7.
    const body = checkoutBody(await cardNonce(store.baseUrl), [
      openAmount(7, 12),
      { key: '9', id: 9, name: 'x', price: 5, quantity: 1 },
    ]);
    body.customerDetails = {
      ...body.customerDetails,
      cardFirstName: DONOR.first,
      cardLastName: DONOR.last,
      studentName: DONOR.student,
    };
    const paid = await postJson(store.baseUrl, '/api/public/payment/checkout', body, {
      'idempotency-key': randomUUID(),
    });
    expect(paid.status).toBe(200);
    const registered = await postJson(
      store.baseUrl,
      '/api/public/registrations',
      {
        sessionId: await openSessionId(store.baseUrl),
        ifFull: 'waitlist',
        registrants: [registrant({ firstName: `Mira ${FRAME}`, lastName: `Das ${SCRIPT}` })],
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(registered.status).toBe(201);

    const { page } = watched;
    await page.goto('/report');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Donor Details' }).waitFor({ timeout: 20_000 });
    await expectInert('report', [DONOR.first, DONOR.last, BOOK, CENTER, REGISTRANT.first, `Mira ${FRAME}`]);
  });

  it('keeps them text in the receipt and confirmation e-mails, opened with scripts on and no CSP', async () => {
    const outbox = join(store.database.dataDir, 'outbox');
    const deadline = Date.now() + 30_000;
    const emails = () => (existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);
    // One receipt and two confirmations (one registration from the page, one from the API).
    while (emails().filter((n) => n.includes('receipt')).length < 1 || emails().length < 3) {
      if (Date.now() > deadline) throw new Error(`e-mails not written: ${emails().join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const mailContext = await browser.newContext({ javaScriptEnabled: true });
    try {
      for (const name of emails()) {
        const html = emlHtmlPart(readFileSync(join(outbox, name), 'utf8'));
        const page = await mailContext.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        const text = (await page.textContent('body')) ?? '';
        const ran = await page.evaluate(() => window.__pwned !== undefined);
        const injected = await injectedElements(page);
        checked[`e-mail ${name.replace(/^.*Z-/, '').replace(/-[0-9a-f-]+\.eml$/, '')}`] = { injected, violations: 0 };
        expect(ran, `a payload ran in ${name}`).toBe(false);
        expect(injected, `elements injected in ${name}`).toBe(0);
        expect(text, name).toMatch(/<(img|script|svg|iframe)/);
        await page.close();
      }
    } finally {
      await mailContext.close();
    }
  });
});
