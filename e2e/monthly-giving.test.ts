/**
 * Issue 22, the donor's whole path in Chromium: a monthly gift started at checkout with the account
 * made inline, by Place Order alone (the password typed, "Create account" never pressed), then on
 * the dashboard: change the amount, pause, resume, cancel. The button's path is walked by
 * reliability/monthly-giving/billing-after-chromium.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { openGift, startMonthlyGift } from './support/monthly-donor';
import { useOwnServer } from './support/own-server';

describe('monthly giving', () => {
  const own = useOwnServer();
  const t = usePage(() => ({ baseURL: own.server.baseUrl }));

  it('starts a monthly gift with the account made by Place Order, then changes, pauses, resumes and cancels it', async () => {
    const { page } = t;
    const email = `monthly.${randomBytes(4).toString('hex')}@example.org`;
    await startMonthlyGift(page, { email, amount: '51', accountBy: 'place-order' });

    const gift = await openGift(page);
    expect(await gift.textContent()).toContain('$51.00 a month');
    expect(await gift.textContent()).toMatch(/Visa ending in 1111, exp 12\/30/);
    expect(await gift.textContent()).toMatch(/of each month\)/);

    await gift.getByRole('button', { name: 'Change amount' }).click();
    await gift.getByLabel('New monthly amount (USD)').fill('75');
    await gift.getByRole('button', { name: 'Save amount' }).click();
    await gift.getByText('$75.00 a month').waitFor();

    await gift.getByRole('button', { name: 'Pause' }).click();
    await gift.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await gift.textContent()).toContain('Paused');

    await gift.getByRole('button', { name: 'Resume' }).click();
    await gift.getByRole('button', { name: 'Pause' }).waitFor();

    await gift.getByRole('button', { name: 'Cancel gift' }).click();
    await gift.getByRole('button', { name: 'Yes, cancel the gift' }).click();
    await gift.getByText('Cancelled', { exact: true }).waitFor();
    expect(await gift.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(0);

    // Reloaded from the server: the cancellation stands.
    const again = await openGift(page);
    expect(await again.textContent()).toContain('Cancelled');
  });
});
