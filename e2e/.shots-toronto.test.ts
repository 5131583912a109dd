import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';
import { emlPart } from '../reliability/support/eml';
import { donate, fillCard, fillDonor, openCheckout } from './support/checkout-flow';
import { startServer } from './support/start-server';

const sizes = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

it('shots', async () => {
  const server = await startServer({});
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: sizes[1] });
    const page = await context.newPage();
    const shoot = async (name: string) => {
      for (const size of sizes) {
        await page.setViewportSize(size);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/toronto-shots/${name}-${size.width}.png`, fullPage: true });
      }
      await page.setViewportSize(sizes[1] ?? { width: 1280, height: 800 });
    };
    await page.goto('/register');
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Email').fill('shots@example.org');
    await page.getByLabel('Password', { exact: false }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');
    await donate(page, '151');
    await openCheckout(page);
    await fillDonor(page);
    await page.getByLabel('Email').fill('shots@example.org');
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByLabel('Center', { exact: true }).selectOption({ label: 'Toronto Center, Canada' });
    await page.getByRole('group', { name: 'Your address for the Canadian tax receipt' }).scrollIntoViewIfNeeded();
    await shoot('checkout-toronto');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 30_000 });
    await shoot('order-success-awaiting');
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Official receipts waiting for your address' }).waitFor();
    await shoot('dashboard-awaiting');
    await page.getByLabel('Postal code').fill('12345');
    await page.getByRole('button', { name: 'Issue my official receipt' }).click();
    await page.waitForTimeout(500);
    await shoot('dashboard-bad-postal');
    // the link page
    let mail = '';
    await expect.poll(() => {
      const outbox = join(server.dataDir, 'outbox');
      const names = readdirSync(outbox).filter((n) => /-receipt-[0-9a-f-]{36}\.eml$/.test(n));
      mail = names.map((n) => readFileSync(join(outbox, n), 'utf8')).find((m) => m.includes('shots@example.org')) ?? '';
      return mail !== '';
    }, { timeout: 20000 }).toBe(true);
    const link = /https?:\/\/\S+\/receipt-address\?token=\S+/.exec(emlPart(mail, 'plain'))?.[0] ?? '';
    const u = new URL(link);
    await page.goto(`${u.pathname}${u.search}`);
    await page.getByRole('button', { name: 'Issue my official receipt' }).waitFor();
    await shoot('receipt-address-form');
    await page.getByLabel('Street address').fill('12 Finch Ave');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province').fill('ON');
    await page.getByLabel('Postal code').fill('M2N 1A1');
    await page.getByRole('button', { name: 'Issue my official receipt' }).click();
    await page.getByRole('status').filter({ hasText: 'has been issued' }).waitFor();
    await shoot('receipt-address-issued');
    await page.reload();
    await page.getByText('already issued').waitFor();
    await shoot('receipt-address-already');
    await page.goto('/receipt-address?token=bogus');
    await page.getByText('expired').waitFor();
    await shoot('receipt-address-invalid');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Your Donations' }).waitFor();
    await shoot('dashboard-after');
  } finally {
    await browser.close();
    await server.stop();
  }
}, 120_000);
