/**
 * Every date the web shows is the foundation's (America/Chicago, config/site.json), whatever zone
 * the browser is in: the billing day the bucket and the checkout promise, the thank-you page's, the
 * dashboard's gifts, the back office's orders and donors, the report's rows and days. A gift made at
 * 11:30 PM in Chicago on December 31 belongs to that day and that year on every screen (it is
 * already January 1 in UTC and in India), and a cheque, which has only the day it was received,
 * shows that day and no time.
 *
 * The report's filters too: a browser in India (UTC+5:30) filters a day and the rows, the totals,
 * the chart and the CSV all speak of that day. Also: wide tables say they scroll sideways (only when
 * they do), and a search that finds nothing says 'No matches'.
 *
 * One server of its own, on a database seeded before it starts (PGlite takes one process): orders
 * either side of the foundation's midnight and its New Year, which no checkout made now could do,
 * and the donor account that owns some. Browser contexts: India with its clock fixed (the bucket's
 * day is the browser's arithmetic), a zone picked at run time so its day differs from Chicago's now
 * (the thank-you page's day is the server's, from its real clock), and India for the report's.
 */
import { join } from 'node:path';
import { calendarDay } from '@store/shared/calendar-day';
import { billingDayFor, ordinalDay } from '@store/shared/monthly-lines';
import { drizzle } from 'drizzle-orm/pglite';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/modules/admins/passwords';
import { users } from '../apps/server/src/modules/auth/tables';
import { seedOrders } from '../apps/server/test/seed-orders';
import { downloadedBytes, launchChromium, usePage } from './support/browser';
import { fillCard, giveWithoutFee } from './support/checkout-flow';
import { enrolTwoFactor, signInStaff } from './support/staff-sign-in';
import { type RunningServer, startServer } from './support/start-server';

const FOUNDATION_ZONE = 'America/Chicago';
const OWNER = { username: 'owner', password: 'dates test passphrase 2026' };
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const REPORT_KEY = 'rk_foundation-dates-report-key-0123456789';
const DONOR = { name: 'Meera Rao', email: 'meera@example.org', password: 'a donor passphrase 2026' };
const CHEQUE_DONOR = 'ravi@example.org';
const VAGDEVI = 'SGS Vagdevi Center';

const donation = (cents: number) => [
  { id: 8, name: 'Any Other Donation', unitCents: cents, quantity: 1, custom: true },
];

/**
 * January: Chicago is UTC-6, India UTC+5:30. Late Nisha gave at 11:30 PM on Jan 13 in Chicago,
 * 11:00 AM on Jan 14 in India; Early Vikram at 12:30 AM on Jan 14 in Chicago.
 */
const ORDERS = [
  {
    firstName: 'Nisha',
    lastName: 'Latenight',
    createdAt: new Date('2026-01-14T05:30:00Z'),
    products: donation(2500),
  },
  {
    firstName: 'Vikram',
    lastName: 'Earlybird',
    createdAt: new Date('2026-01-14T06:30:00Z'),
    products: donation(4000),
  },
  { firstName: 'Priya', lastName: 'Midday', createdAt: new Date('2026-01-13T18:00:00Z'), products: donation(1000) },
  { firstName: 'Arjun', lastName: 'Earlier', createdAt: new Date('2026-01-10T16:00:00Z'), products: donation(5100) },
];

async function seed(dataDir: string): Promise<void> {
  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await migrateDatabase(connection);
    if (connection.kind !== 'pglite') throw new Error('the site of this spec runs on PGlite');
    // The set-up's own rows, written without the statement log: they are this spec's fixture, not
    // statements the store runs, which the both-databases check compares.
    const fixture = drizzle({ client: connection.client });
    const [donor] = await fixture
      .insert(users)
      .values({
        name: DONOR.name,
        email: DONOR.email,
        passwordHash: await hashPassword(DONOR.password),
        emailVerified: true,
      })
      .returning();
    const mine = { firstName: 'Meera', lastName: 'Rao', email: DONOR.email, userId: donor?.id ?? null, centerId: 2 };
    const cheque = {
      source: 'offline' as const,
      gateway: 'offline' as const,
      transactionId: null,
      offlineMethod: 'cheque' as const,
      paymentMethod: 'Cheque no. 1042',
    };
    await seedOrders(fixture, [
      ...ORDERS.map((order) => ({ ...order, email: `${order.firstName.toLowerCase()}@example.org` })),
      // 11:30 PM on New Year's Eve in Chicago: 5:30 AM on Jan 1 in UTC, 11:00 AM in India.
      { ...mine, createdAt: new Date('2026-01-01T05:30:00Z'), products: donation(2500) },
      // 12:15 AM on Jan 1 in Chicago, just after its midnight.
      { ...mine, createdAt: new Date('2026-01-01T06:15:00Z'), products: donation(4000) },
      // A cheque received on Dec 31: its only date (noon at the foundation stands in for a time).
      {
        ...mine,
        ...cheque,
        offlineReference: '1042',
        receivedOn: '2025-12-31',
        createdAt: new Date('2025-12-31T18:00:00Z'),
        products: donation(10_000),
      },
      // A donor whose only gift is a cheque: the donors list's "Last gift" is a day.
      {
        ...cheque,
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: CHEQUE_DONOR,
        offlineReference: '2001',
        receivedOn: '2025-12-30',
        createdAt: new Date('2025-12-30T18:00:00Z'),
        products: donation(5000),
      },
    ]);
  } finally {
    await connection.close();
  }
}

/** Text as read: Chromium puts a narrow no-break space before AM/PM. */
const said = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const ZONE_NOTE = /^Dates and times in America\/Chicago \(C[SD]T\), the foundation's time zone\.$/;

/** A zone whose calendar day differs from Chicago's right now: 20 hours ahead of it, or 6 behind. */
function zoneOnAnotherDay(now = new Date()): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: FOUNDATION_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
  // Kiritimati (UTC+14) is past midnight once Chicago is past 4 AM (5 AM in summer); before that,
  // UTC-12 is still on Chicago's day before.
  return hour >= 5 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
}

/** The cells of one column of a table, found by its header. */
async function column(table: Locator, header: string): Promise<string[]> {
  const index = (await table.getByRole('columnheader').allTextContents()).indexOf(header);
  expect(index, header).toBeGreaterThanOrEqual(0);
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map((row) => said(row.locator('th, td').nth(index))));
}

/** From the store to the bucket with a monthly gift of $51 to the Vagdevi center. */
async function monthlyGiftInBucket(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('group', { name: 'How often' }).getByRole('button', { name: 'Monthly' }).click();
  await page.getByLabel('Donation amount (USD)').fill('51');
  await page.getByRole('article', { name: VAGDEVI }).getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL('**/cart');
}

async function toCheckout(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByLabel('Card Number').waitFor({ timeout: 20_000 });
}

async function openReport(page: Page): Promise<void> {
  await page.goto('/report');
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(REPORT_KEY);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Donor Details' }).waitFor();
}

async function applyFilters(page: Page, filters: { from?: string; to?: string; q?: string }): Promise<void> {
  await page.getByLabel('From date').fill(filters.from ?? '');
  await page.getByLabel('To date').fill(filters.to ?? '');
  await page.getByRole('searchbox', { name: 'Search' }).fill(filters.q ?? '');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.locator('.report-body--stale').waitFor({ state: 'detached' });
}

describe("every date on the web in the foundation's zone", () => {
  let server: RunningServer;
  let browser: Browser;
  let india: BrowserContext;
  let anotherDay: BrowserContext;
  const farZone = zoneOnAnotherDay();

  beforeAll(async () => {
    server = await startServer(
      { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ADMIN_REPORT_KEY: REPORT_KEY },
      { prepare: seed },
    );
    browser = await launchChromium();
    const options = { baseURL: server.baseUrl, locale: 'en-US', viewport: { width: 1280, height: 800 } };
    india = await browser.newContext({ ...options, timezoneId: 'Asia/Kolkata' });
    // Nov 28, 10:36 AM in India; still Nov 27, 11:06 PM in Chicago.
    await india.clock.setFixedTime(new Date('2026-11-28T05:06:00Z'));
    anotherDay = await browser.newContext({ ...options, timezoneId: farZone });
  }, 150_000);

  afterAll(async () => {
    await india?.close();
    await anotherDay?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the bucket and the checkout promise the billing day of today at the foundation', async () => {
    const page = await india.newPage();
    await monthlyGiftInBucket(page);
    // The browser's own day is the 28th; the foundation's, which the server bills on, the 27th.
    // $51 and the $1.84 processing fee the bucket covers by default.
    const promise = 'Then $52.84 on the 27th of each month';
    await page.getByText(promise).waitFor();
    await toCheckout(page);
    await page.getByText(promise).waitFor();
    await page.close();
  });

  it('the thank-you page and the dashboard name that day, and date each gift as its receipt does', async () => {
    const now = new Date();
    expect(calendarDay(now, farZone), 'the browser is on another day than the foundation').not.toBe(
      calendarDay(now, FOUNDATION_ZONE),
    );
    const day = ordinalDay(billingDayFor(Number(calendarDay(now, FOUNDATION_ZONE).slice(8, 10))));
    const page = await anotherDay.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(DONOR.email);
    await page.getByLabel('Password').fill(DONOR.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');

    await monthlyGiftInBucket(page);
    await page.getByText(`Then $52.84 on the ${day} of each month`).waitFor();
    await toCheckout(page);
    await page.getByLabel('Center', { exact: true }).selectOption({ label: 'Dallas Center, Texas' });
    await giveWithoutFee(page);
    await page.getByLabel('Card Holder First Name').fill('Meera');
    await page.getByLabel('Card Holder Last Name').fill('Rao');
    await page.getByLabel('Email').fill(DONOR.email);
    await page.getByLabel('Mobile').fill('5125550123');
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByText(/^Signed in as meera@example\.org/).waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 30_000 });
    await page.getByText(`Your monthly gift of $51.00 will be charged on the ${day} of each month.`).waitFor();

    await page.goto('/dashboard');
    const gift = page.getByRole('article', { name: VAGDEVI });
    await gift.getByText(`(the ${day} of each month)`).waitFor({ timeout: 20_000 });
    const donations = page.getByRole('table', { name: 'Your Donations' });
    // Newest first: today's first month, then the seeded three (Dec 31 in Chicago, Jan 1 in this zone).
    expect((await column(donations, 'Date')).slice(1)).toEqual([
      'Jan 1, 2026, 12:15 AM',
      'Dec 31, 2025, 11:30 PM',
      'Dec 31, 2025',
    ]);
    expect(await page.getByText(ZONE_NOTE).count()).toBe(1);
    await page.close();
  });

  it('the back office dates orders and donors as the foundation does, and a cheque by its day alone', async () => {
    const page = await india.newPage();
    await signInStaff(page, OWNER.username, OWNER.password);
    await enrolTwoFactor(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(DONOR.email)}`);
    const orders = page.getByRole('table', { name: 'Orders' });
    await orders.waitFor();
    expect((await column(orders, 'Date')).slice(-3).map((cell) => cell.replace(/: order of .*$/, ''))).toEqual([
      'Jan 1, 2026, 12:15 AM',
      'Dec 31, 2025, 11:30 PM',
      'Dec 31, 2025',
    ]);
    expect(await page.getByText(ZONE_NOTE).count()).toBe(1);

    // The cheque's page: its day, no time, so no zone to name.
    await orders.getByRole('link', { name: /^Dec 31, 2025\W+order of/ }).click();
    const facts = page.locator('.admin-facts');
    await facts.waitFor();
    expect(await said(facts.locator('dt:has-text("Date") + dd'))).toBe('Dec 31, 2025');
    expect(await page.getByText(ZONE_NOTE).count()).toBe(0);

    await page.goto('/admin/donors?q=kumar');
    const donors = page.getByRole('table', { name: 'Donors' });
    await donors.waitFor();
    expect(await column(donors, 'Last gift')).toEqual(['Dec 30, 2025']);
    await page.close();
  });

  it('the report dates the rows and the days as the foundation does, and a cheque by its day alone', async () => {
    const page = await india.newPage();
    await openReport(page);
    await applyFilters(page, { from: '2025-12-30', to: '2026-01-01' });
    const rows = page.getByRole('table', { name: 'Donor Details' });
    await expect.poll(() => rows.locator('tbody tr').count()).toBe(4);
    expect(await column(rows, 'Date')).toEqual([
      'Jan 1, 2026, 12:15 AM',
      'Dec 31, 2025, 11:30 PM',
      'Dec 31, 2025',
      'Dec 30, 2025',
    ]);
    await page.getByText('Donations per day as a table').click();
    const perDay = page.getByRole('table', { name: 'Donations per day' });
    expect(await column(perDay, 'Day')).toEqual(['Dec 30, 2025', 'Dec 31, 2025', 'Jan 1, 2026']);
    await page.close();
  });

  describe('the payment report, from India', () => {
    // A fresh context per test (the report keeps its sign-in in the page's storage).
    const t = usePage(() => ({ baseURL: server.baseUrl, timezoneId: 'Asia/Kolkata', locale: 'en-US' }));
    it('filters a day and shows the same day in the rows, the totals and the chart, saying the zone', async () => {
      const { page } = t;
      await openReport(page);

      await applyFilters(page, { from: '2026-01-13', to: '2026-01-13' });
      const table = page.getByRole('table', { name: 'Donor Details' });
      const rows = table.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      // The Date column, found by its header (issue 20 put Deductible and Receipt before it).
      const dateColumn = (await table.getByRole('columnheader').allTextContents()).indexOf('Date');
      expect(dateColumn).toBeGreaterThan(0);
      const dates = await Promise.all((await rows.all()).map((row) => said(row.locator('td').nth(dateColumn))));
      // Nisha at 11:30 PM in Chicago; in India's zone that was already Jan 14 (what the old page showed).
      expect(dates).toEqual(['Jan 13, 2026, 11:30 PM', 'Jan 13, 2026, 12:00 PM']);
      expect(await said(rows.first().locator('td').first())).toBe('Nisha Latenight');

      expect(await said(page.locator('.report-totals'))).toBe('2 donations, $35.00');
      const chart = page.getByRole('img', { name: /^Donations per day/ });
      expect(await chart.getAttribute('aria-label')).toBe(
        'Donations per day, Jan 13, 2026: 2 donations, $35.00 in all; most on Jan 13, 2026 ($35.00).',
      );
      await page.getByText('Donations per day as a table').click();
      const perDay = page.getByRole('table', { name: 'Donations per day' }).locator('tbody tr');
      expect(await perDay.count()).toBe(1);
      expect(await perDay.first().locator('th, td').allTextContents()).toEqual(['Jan 13, 2026', '2', '$35.00']);

      // The CSV of that day: the same two rows, dated in the zone its Date column names.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const lines = (await downloadedBytes(download))
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]?.split(',')[5]).toBe('Date (America/Chicago)');
      // Name first; the Date is the one local date-time on the line (the center is quoted, with its comma).
      const nameAndDate = (line: string) => [line.split(',')[0], /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(line)?.[0]];
      expect(lines.slice(1).map(nameAndDate)).toEqual([
        ['Nisha Latenight', '2026-01-13 23:30:00'],
        ['Priya Midday', '2026-01-13 12:00:00'],
      ]);

      // The next day starts at the foundation's midnight: Vikram's 12:30 AM, nobody from the day before.
      await applyFilters(page, { from: '2026-01-14', to: '2026-01-14' });
      await expect.poll(() => rows.count()).toBe(1);
      expect(await said(rows.first().locator('td').nth(dateColumn))).toBe('Jan 14, 2026, 12:30 AM');
      expect(await said(page.locator('.report-totals'))).toBe('1 donation, $40.00');
      expect(await chart.getAttribute('aria-label')).toBe(
        'Donations per day, Jan 14, 2026: 1 donation, $40.00 in all; most on Jan 14, 2026 ($40.00).',
      );

      // And the page says which zone that is.
      expect(
        await page.getByText(/^Dates and times in America\/Chicago \(C[SD]T\), the foundation's time zone\.$/).count(),
      ).toBe(1);
    });

    it("says 'No matches' for a search that finds nothing, and 'No registrations yet.' for an empty list", async () => {
      const { page } = t;
      await openReport(page);
      await page.getByText('No registrations yet.').waitFor();

      await applyFilters(page, { q: 'nobody-by-this-name' });
      await page.getByText('No matches. No donations match these filters.').waitFor();
      await page.getByText('No matches. No registrations match these filters.').waitFor();
      expect(await page.getByText('No registrations yet.').count()).toBe(0);
      expect(await said(page.locator('.report-totals'))).toBe('0 donations, $0.00');

      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('cell', { name: 'Nisha Latenight' }).waitFor();
      await page.getByText('No registrations yet.').waitFor();
      expect(await page.getByText(/No matches/).count()).toBe(0);
    });

    it('shows that a table wider than a phone scrolls sideways, and nothing when it fits', async () => {
      const { page } = t;
      await page.setViewportSize({ width: 375, height: 812 });
      await openReport(page);
      const hintOf = (region: Locator) =>
        page.locator('.table-scroll-frame', { has: region }).getByText('Scroll sideways to see more');
      const donors = page.getByRole('region', { name: 'Donor Details table' });
      const centers = page.getByRole('region', { name: 'Donations per center table' });
      for (const region of [donors, centers]) {
        await hintOf(region).waitFor();
        // It is also what the box says to a screen reader.
        expect(await region.getAttribute('aria-describedby')).toBe(await hintOf(region).getAttribute('id'));
      }
      // The page itself does not scroll sideways; the table's box does, by keyboard too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await donors.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => donors.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);

      // On a desktop the per-center table fits: no hint, no description, nothing to scroll.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => hintOf(centers).count()).toBe(0);
      expect(await centers.getAttribute('aria-describedby')).toBeNull();
      expect(await centers.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
    });
  });
});
