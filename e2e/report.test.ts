/** The administrators' payment report as a treasurer meets it (SPEC.md §2 /report, §4 Report, §5, §8). */

import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { downloadedBytes, usePage } from './support/browser';
import { donate, fillCard, fillDonor, openCheckout } from './support/checkout-flow';

const BOOK = 'Guruvara Dattam Vimalacharita Satakam';

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('payment report', () => {
  const t = usePage();
  const admin = inject('admin');

  it('asks for both fields and refuses a wrong password', async () => {
    const { page } = t;
    await page.goto('/report');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username and password are required.').waitFor();

    await logIn(page, admin.username, 'not-the-password');
    await page.getByText('Invalid credentials or server error.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('report-auth'))).toBeNull();
  });

  it('shows a donation made through checkout, filters it, exports it, survives a reload and logs out', async () => {
    const { page } = t;
    // A donor gives $37 to the Vagdevi center and buys the book twice, giving no address and not
    // ticking pickup: both are optional, and the book is then picked up at the center.
    const last = `Reporttest${randomBytes(3).toString('hex')}`;
    await donate(page, '37');
    await page.goto('/');
    await page.getByRole('article', { name: BOOK }).getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('button', { name: `Increase quantity of ${BOOK}` }).click();
    await openCheckout(page);
    await fillDonor(page, { first: 'Meera', last });
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 20_000 });

    await page.goto('/report');
    await logIn(page, admin.username, admin.reportKey);
    await page.getByRole('heading', { name: 'Books Payment Report' }).waitFor();
    await page.getByRole('heading', { name: 'Donor Details' }).waitFor();
    const stored = await page.evaluate(() => sessionStorage.getItem('report-auth'));
    expect(stored).toContain(admin.username);

    const row = page.getByRole('row').filter({ hasText: `Meera ${last}` });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('47.00');
    expect(rowText).toContain('Dallas Center, Texas');
    expect(rowText).toContain(`${BOOK} × 2`);
    expect(rowText).toContain('SGS Vagdevi Center × 1');
    expect(rowText).toContain('Pickup at Dallas Center, Texas');

    // Filter: the search finds this donor alone; a search for nobody shows the empty state.
    await page.getByLabel(/search/i).fill(last);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('tbody tr').filter({ hasText: '@' }).count()).toBe(1);
    await page.getByLabel(/search/i).fill('no-such-donor-anywhere');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No donations match these filters.').waitFor();
    await page.getByLabel(/search/i).fill(last);
    await page.getByRole('button', { name: 'Apply' }).click();
    await row.waitFor();

    // CSV of the filtered rows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = (await downloadedBytes(download)).toString('utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Name,Email,Center,Amount,Transaction ID,Date (America/Chicago),Qty,Products,Delivery,Test,Receipt,Deductible,Refunded,Gift,Currency,Amount (USD),Tribute,Payment method,Fee covered',
    );
    expect(csv).toContain('"Pickup at Dallas Center, Texas"');
    expect(csv).toContain(`Meera ${last}`);
    expect(csv).toContain('47.00');

    // Reload keeps the administrator logged in; Logout clears the saved credentials.
    await page.reload();
    await page.getByRole('heading', { name: 'Books Payment Report' }).waitFor();
    await page
      .getByRole('button', { name: 'Logout' })
      .or(page.getByRole('link', { name: 'Logout' }))
      .click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('report-auth'))).toBeNull();
  });
});
