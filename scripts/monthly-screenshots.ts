/**
 * Screenshots of monthly giving (issue 22) at 375×812 and 1280×800, in Debian's Chromium, against the
 * built site on a fresh data directory (`npm run build` first):
 *
 *   node --import tsx scripts/monthly-screenshots.ts --out /tmp/monthly-shots
 *
 * It walks the donor's path (e2e/support/monthly-donor.ts): the catalogue with Monthly chosen, the
 * bucket, the checkout with the inline account, the thank-you page; then the dashboard's monthly
 * gifts, the amount form, the card update and a paused gift; then a concert tier's gift and its tier choice. `NAME-WIDTH.png`, and `-full` when taller.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { openGift, startMonthlyGift } from '../e2e/support/monthly-donor';
import { startServer } from '../e2e/support/start-server';
import { SCREEN_SIZES as SIZES, shootBothSizes } from './support/shoot-both-sizes';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'monthly-shots' } } });
const out = values.out;
const shoot = (page: Page, name: string) => shootBothSizes(page, out, name);

/** The $500 Concert Patron tier given monthly by the signed-in donor, paid with the sandbox's test card. */
async function startMonthlyTier(page: Page, origin: string): Promise<void> {
  const { clientToken } = await (await page.request.get('/api/public/payment/token')).json();
  const tokenized = await page.request.post('/api/public/payment/sandbox/tokenize', {
    headers: { authorization: `Bearer ${clientToken}` },
    data: { number: '4111 1111 1111 1111', expirationDate: '12/30', cvv: '123', cardholderName: 'Asha Rao' },
  });
  const { nonce } = await tokenized.json();
  const res = await page.request.post('/api/public/payment/checkout', {
    headers: { origin, 'idempotency-key': randomUUID() },
    data: {
      nonce,
      amount: 500,
      center: '2',
      customerDetails: {
        center: '2',
        cardFirstName: 'Asha',
        cardLastName: 'Rao',
        studentName: '',
        email: 'monthly.tier@example.org',
        mobile: '5125550123',
        pickup: true,
      },
      products: [{ key: '102:monthly', id: 102, name: 'Concert Patron', price: 500, quantity: 1, monthly: true }],
    },
  });
  if (!res.ok()) throw new Error(`tier checkout: ${res.status()} ${await res.text()}`);
}

mkdirSync(out, { recursive: true });
const server = await startServer({ CAPTCHA_PROVIDER: 'off' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: SIZES[1] });
  const page = await context.newPage();
  await startMonthlyGift(page, {
    email: `monthly.shots.${Date.now()}@example.org`,
    amount: '51',
    shot: (name) => shoot(page, name),
  });
  const gift = await openGift(page);
  await gift.getByText(/^History/).click();
  await shoot(page, 'dashboard');
  await gift.getByRole('button', { name: 'Change amount' }).click();
  await shoot(page, 'dashboard-amount');
  await gift.getByRole('button', { name: 'Keep the amount' }).click();
  await gift.getByRole('button', { name: 'Update card' }).click();
  await gift.getByLabel('Card Number').waitFor({ timeout: 20_000 });
  await shoot(page, 'dashboard-card');
  await gift.getByRole('button', { name: 'Keep the current card' }).click();
  await gift.getByRole('button', { name: 'Pause' }).click();
  await gift.getByRole('button', { name: 'Resume' }).waitFor();
  await shoot(page, 'dashboard-paused');
  await gift.getByRole('button', { name: 'Cancel gift' }).click();
  await shoot(page, 'dashboard-cancel-confirm');
  // A concert tier given monthly, on the same account (through the checkout API: the card widget's
  // path is shot above): its editor offers the other tiers at their prices, never an amount.
  await startMonthlyTier(page, server.baseUrl);
  await page.goto('/dashboard');
  const tier = page.getByRole('article', { name: 'Concert Patron' });
  await tier.waitFor({ timeout: 20_000 });
  await tier.getByRole('button', { name: 'Change tier' }).click();
  // The form is below the fold at 375 wide: each size is shot with the form in the middle.
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await tier.getByLabel('Tier').evaluate((select) => select.scrollIntoView({ block: 'center' }));
    const file = join(out, `dashboard-tier-${size.width}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
} finally {
  await browser.close();
  await server.stop();
}
