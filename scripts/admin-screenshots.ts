/**
 * Screenshots of the back office (/admin, issue 21) at 375×812 and 1280×800, from a running site
 * with a fresh owner who has not set up two-factor yet, in Debian's Chromium:
 *
 *   ADMIN_USERNAME=maya ADMIN_PASSWORD='…' node apps/server/dist/main.js   (a test site)
 *   node --import tsx scripts/admin-screenshots.ts --out /tmp/admin-shots --base http://127.0.0.1:8080 \
 *     --username maya --password '…' [--mock-money]
 *
 * It signs in, enrols (the code computed from the key the page shows), saves the recovery codes,
 * opens the donors and registrations, adds a volunteer on the Staff page and opens the audit log.
 * --mock-money answers the orders calls in the browser with made-up data, for a server without
 * them yet.
 * Each page gets `admin-NAME-WIDTH.png`, and `-full` when taller than the screen.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { SCREEN_SIZES as SIZES, shootBothSizes } from './support/shoot-both-sizes';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'admin-shots' },
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string', default: '' },
    'mock-money': { type: 'boolean', default: false },
  },
});
const base = values.base.replace(/\/$/, '');
const out = values.out;
/** Both sizes of the page as it is now: a one-time screen (the recovery codes) is shot twice. */
const shoot = (page: Page, name: string) => shootBothSizes(page, out, `admin-${name}`, 250);

function totpNow(secret: string): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
}

const order = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: `0b6f${id}c1e-4a2b-4c7e-9d11-${String(id).padStart(12, '0')}`,
  createdAt: new Date(Date.UTC(2026, 10, 27 - id, 15, 4)).toISOString(),
  firstName: ['Ravi', 'Lakshmi', 'Arjun', 'Priya', 'Sanjay'][id % 5],
  lastName: ['Kumar', 'Narayanan', 'Reddy', 'Sharma', 'Patel'][id % 5],
  email: `donor${id}@example.org`,
  centerId: (id % 3) + 1,
  centerName: ['Bay Area Center, California', 'Dallas Center, Texas', 'Houston Center, Texas'][id % 3],
  amountCents: [10_000, 2_500, 36_000, 5_000, 125_050][id % 5],
  refundedCents: id === 1 ? 500 : 0,
  source: id % 4 === 3 ? 'offline' : 'card',
  status: 'succeeded',
  transactionId: `sandbox_${id}a9f`,
  receiptNumber: `2026-0000${40 + id}`,
  test: id === 2,
  ...overrides,
});
const detail = {
  ...order(1),
  products: [{ name: 'SGS Vagdevi Center', unitCents: 2_500, quantity: 1 }],
  deductibleCents: 2_500,
  paymentMethod: 'Visa ending 1111',
  offlineMethod: null,
  offlineReference: null,
  receivedOn: null,
  refunds: [
    {
      id: 'r1',
      kind: 'refund',
      amountCents: 500,
      reason: 'Donor asked for part back',
      status: 'succeeded',
      failureMessage: null,
      staffName: 'maya',
      createdAt: '2026-11-26T18:00:00.000Z',
    },
  ],
  correctedReceiptNumber: '2026-000041-C1',
};

async function mockMoney(page: Page): Promise<void> {
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/staff/orders?**', (route) =>
    route.fulfill(json({ orders: [1, 2, 3, 4, 5, 6].map((id) => order(id)), nextCursor: 'next' })),
  );
  await page.route('**/api/staff/orders', (route) =>
    route.fulfill(json({ orders: [1, 2, 3, 4, 5, 6].map((id) => order(id)), nextCursor: 'next' })),
  );
  await page.route(`**/api/staff/orders/${order(1).id}`, (route) => route.fulfill(json(detail)));
}

async function main() {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    const page = await browser.newPage({ viewport: SIZES[0] });
    if (values['mock-money']) await mockMoney(page);
    await page.goto(`${base}/admin`);
    await page.getByLabel('Username').waitFor();
    await shoot(page, 'sign-in');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required.').waitFor();
    await shoot(page, 'sign-in-errors');

    await page.getByLabel('Username').fill(values.username);
    await page.getByLabel('Password', { exact: true }).fill(values.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Show the QR code' }).click();
    const secret = ((await page.locator('.admin-enrol__secret').textContent()) ?? '').replace(/\s+/g, '');
    await shoot(page, 'enrol');

    await page.getByLabel('Code from the app').fill(totpNow(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await shoot(page, 'recovery-codes');
    await page.getByLabel('I have saved these codes').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Orders', level: 2 }).waitFor();
    // The search goes into the URL, so the list comes back as it was after opening an order.
    await page.getByLabel('Search by name, e-mail or receipt number').fill('Lakshmi');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/orders?q=Lakshmi');
    await page.waitForLoadState('networkidle');
    await shoot(page, 'orders');
    // Lakshmi Narayanan: a donor of the made-up orders and of those seeded for a test site.
    await page
      .getByRole('link', { name: /order of Lakshmi Narayanan/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Refund', level: 3 }).waitFor();
    await page.getByLabel('Reason').fill('Duplicate gift');
    await shoot(page, 'order-detail');
    await page.getByRole('button', { name: 'Review refund' }).click();
    await shoot(page, 'order-refund-confirm');

    await page.getByRole('link', { name: 'Offline gift' }).click();
    await page.getByRole('button', { name: 'Record the gift' }).click();
    await page.getByText('Enter the cheque number.').waitFor();
    await shoot(page, 'offline-gift');

    await page.getByRole('link', { name: 'Donors' }).click();
    await page.getByRole('heading', { name: 'Donors', level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'donors');
    const firstDonor = page.getByRole('table', { name: 'Donors' }).getByRole('link').first();
    if (await firstDonor.count()) {
      await firstDonor.click();
      await page.getByRole('heading', { name: 'Totals by year' }).waitFor();
      await shoot(page, 'donor-detail');
    }

    await page.getByRole('link', { name: 'Registrations' }).click();
    await page.getByRole('heading', { name: 'Registrations', level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'registrations');

    await page.getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Add a member' }).waitFor();
    const add = page.locator('section', { has: page.getByRole('heading', { name: 'Add a member' }) });
    await add.getByLabel('Username').fill(`ravi${Date.now() % 1000}`);
    await add.getByLabel('First password', { exact: true }).fill('a long first password');
    await add.getByLabel('Role').selectOption('volunteer');
    await add.getByLabel('Center').selectOption({ index: 2 });
    await add.getByRole('button', { name: 'Add member' }).click();
    await add.getByRole('status').waitFor();
    await page.getByRole('button', { name: /^Edit ravi/ }).click();
    await shoot(page, 'staff');

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'audit');

    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await shoot(page, 'security');
  } finally {
    await browser.close();
  }
}

await main();
