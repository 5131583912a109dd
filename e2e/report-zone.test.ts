/**
 * The payment report's dates all in the foundation's time zone (America/Chicago, config/site.json),
 * whatever the browser's (issue 17 point 9): a browser in India (UTC+5:30) filters a day and the
 * rows, the totals and the chart all speak of that day. Also: wide tables say they scroll sideways
 * (only when they do), and a search that finds nothing says 'No matches'.
 *
 * Its own server, on a database seeded before it starts (PGlite takes one process): the orders sit
 * either side of the foundation's midnight, which no checkout made now could do.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedOrders } from '../apps/server/test/seed-orders';
import { downloadedBytes, usePage } from './support/browser';
import { type RunningServer, startServer } from './support/start-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'zone test passphrase 2026';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_report-zone-report-key-0123456789' };

const donation = (cents: number) => ({
  id: 8,
  name: 'Any Other Donation',
  unitCents: cents,
  quantity: 1,
  custom: true,
});

/**
 * January: Chicago is UTC-6, India UTC+5:30. Late Nisha gave at 11:30 PM on Jan 13 in Chicago,
 * 11:00 AM on Jan 14 in India; Early Vikram at 12:30 AM on Jan 14 in Chicago.
 */
const ORDERS = [
  {
    firstName: 'Nisha',
    lastName: 'Latenight',
    createdAt: new Date('2026-01-14T05:30:00Z'),
    products: [donation(2500)],
  },
  {
    firstName: 'Vikram',
    lastName: 'Earlybird',
    createdAt: new Date('2026-01-14T06:30:00Z'),
    products: [donation(4000)],
  },
  { firstName: 'Priya', lastName: 'Midday', createdAt: new Date('2026-01-13T18:00:00Z'), products: [donation(1000)] },
  { firstName: 'Arjun', lastName: 'Earlier', createdAt: new Date('2026-01-10T16:00:00Z'), products: [donation(5100)] },
];

async function seed(dataDir: string): Promise<void> {
  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await migrateDatabase(connection);
    await seedOrders(
      connection.db,
      ORDERS.map((order) => ({ ...order, email: `${order.firstName.toLowerCase()}@example.org` })),
    );
  } finally {
    await connection.close();
  }
}

/** Text as read: Chromium puts a narrow no-break space before AM/PM. */
const said = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openReport(page: Page): Promise<void> {
  await page.goto('/report');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
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

describe('payment report in the foundation time zone', () => {
  let server: RunningServer;
  // A browser in India: its day differs from Chicago's around Chicago's midnight.
  const t = usePage(() => ({ baseURL: server.baseUrl, timezoneId: 'Asia/Kolkata', locale: 'en-US' }));

  beforeAll(async () => {
    server = await startServer(
      { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD, ADMIN_REPORT_KEY: ADMIN.password },
      { prepare: seed },
    );
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
  });

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
