/**
 * Screenshots of monthly giving (issue 22) at 375×812 and 1280×800, in Debian's Chromium, against the
 * built site on a fresh data directory (`npm run build` first):
 *
 *   node --import tsx scripts/monthly-screenshots.ts --out /tmp/monthly-shots
 *
 * It walks the donor's path (e2e/support/monthly-donor.ts): the catalogue with Monthly chosen, the
 * bucket, the checkout with the inline account, the thank-you page; then the dashboard's monthly
 * gifts, the amount form, the card update and a paused gift. `NAME-WIDTH.png`, and `-full` when taller.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { openGift, startMonthlyGift } from '../e2e/support/monthly-donor';
import { startServer } from '../e2e/support/start-server';
import { SCREEN_SIZES as SIZES, shootBothSizes } from './support/shoot-both-sizes';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'monthly-shots' } } });
const out = values.out;
const shoot = (page: Page, name: string) => shootBothSizes(page, out, name);

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
} finally {
  await browser.close();
  await server.stop();
}
