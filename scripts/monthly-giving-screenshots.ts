/**
 * Screenshots of what the foundation sees of monthly giving (issue 22) at 375×812 and 1280×800, in
 * Debian's Chromium: the report page with its monthly giving panel, and the back office's Monthly
 * gifts page (all, then the paused ones). It seeds a PGlite data directory of its own with gifts in
 * every state, starts the BUILT server on it (`npm run build` first) and signs in as its owner:
 *
 *   node --import tsx scripts/monthly-giving-screenshots.ts --out /tmp/monthly-shots
 *
 * Each page gets `NAME-WIDTH.png`, and `-full` when taller than the screen.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { chromium, type Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { daysAgo, seedMonthlyCharge, seedMonthlyGift } from '../apps/server/test/monthly-gift-rows';
import { seedOrders } from '../apps/server/test/seed-orders';
import { startBenchServer } from '../bench/support/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { SCREEN_SIZES as SIZES, shootBothSizes } from './support/shoot-both-sizes';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'monthly-shots' } } });
const out = values.out;
const OWNER = { username: 'maya', password: 'screenshots-owner-password-0123' };
/** What /report takes from an owner (their password needs two-factor there). */
const OWNER_REPORT_KEY = 'rk_screenshots-owner-report-key-0123';
const shoot = (page: Page, name: string) => shootBothSizes(page, out, name);

const totpNow = (secret: string) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);

/** Gifts in every state, some one-time orders, charges paid and declined. */
async function seed(dataDir: string): Promise<void> {
  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await migrateDatabase(connection);
    const db = connection.db;
    const names = [
      ['Lakshmi', 'Narayanan'],
      ['Ravi', 'Kumar'],
      ['Priya', 'Sharma'],
      ['Arjun', 'Reddy'],
      ['Sanjay', 'Patel'],
      ['Meera', 'Iyer'],
      ['Kiran', 'Rao'],
      ['Anita', 'Desai'],
    ] as const;
    await seedOrders(
      db,
      names.map(([firstName, lastName], i) => ({
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.org`,
        centerId: (i % 3) + 1,
        createdAt: daysAgo(i + 1),
      })),
    );
    const plan = [
      { status: 'active', amountCents: 5_100 },
      { status: 'active', amountCents: 10_100 },
      { status: 'paused', pausedReason: 'card_declined', amountCents: 2_500, failedAttempts: 3 },
      { status: 'active', amountCents: 25_000 },
      { status: 'paused', pausedReason: 'donor', amountCents: 1_100 },
      { status: 'active', amountCents: 5_100, failedAttempts: 1 },
      { status: 'cancelled', amountCents: 3_600 },
      { status: 'active', amountCents: 11_600 },
    ] as const;
    for (const [i, gift] of plan.entries()) {
      const [firstName, lastName] = names[i] ?? names[0];
      const row = await seedMonthlyGift(db, {
        ...gift,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.org`,
        centerId: (i % 3) + 1,
        billingDay: [15, 1, 28, 9, 20, 3, 12, 22][i],
        nextChargeOn: `2026-12-${String([15, 1, 28, 9, 20, 3, 12, 22][i]).padStart(2, '0')}`,
        createdAt: daysAgo(120 - i * 9),
      });
      await seedMonthlyCharge(db, row, { status: 'succeeded', createdAt: daysAgo(20 + i), billingPeriod: '2026-10' });
      if ('failedAttempts' in gift) {
        await seedMonthlyCharge(db, row, { status: 'failed', createdAt: daysAgo(6), billingPeriod: '2026-11' });
      }
    }
  } finally {
    await connection.close();
  }
}

async function main() {
  mkdirSync(out, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'store-monthly-shots-'));
  try {
    await seed(dataDir);
    const server = await startBenchServer({
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: OWNER.username,
        ADMIN_PASSWORD: OWNER.password,
        ADMIN_REPORT_KEY: OWNER_REPORT_KEY,
      },
      timeoutMs: 120_000,
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
    try {
      const page = await browser.newPage({ viewport: SIZES[0], baseURL: server.baseUrl });
      await page.goto('/report');
      await page.getByLabel('Username').fill(OWNER.username);
      await page.getByLabel('Password').fill(OWNER_REPORT_KEY);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('region', { name: 'Monthly giving' }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await shoot(page, 'report');
      // The panel itself at each size (on a phone it is below the filters).
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.getByRole('region', { name: 'Monthly giving' }).evaluate((panel) => panel.scrollIntoView());
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `report-panel-${size.width}.png`) });
      }
      await page.evaluate(() => window.scrollTo(0, 0));

      await page.goto('/admin');
      await page.getByLabel('Username').fill(OWNER.username);
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Show the QR code' }).click();
      const secret = ((await page.locator('.admin-enrol__secret').textContent()) ?? '').replace(/\s+/g, '');
      await page.getByLabel('Code from the app').fill(totpNow(secret));
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await page.getByLabel('I have saved these codes').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('link', { name: 'Monthly gifts' }).click();
      await page.getByRole('table', { name: 'Monthly gifts' }).waitFor();
      await page.waitForLoadState('networkidle');
      await shoot(page, 'admin-monthly-gifts');

      await page.getByRole('button', { name: 'Paused' }).click();
      await page.waitForURL('**/admin/monthly-gifts?status=paused');
      await page.waitForLoadState('networkidle');
      await shoot(page, 'admin-monthly-gifts-paused');

      await page.getByLabel('Search by name or e-mail').fill('nobody');
      await page.keyboard.press('Enter');
      await page.getByText('No monthly gifts match').waitFor();
      await shoot(page, 'admin-monthly-gifts-none');
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
