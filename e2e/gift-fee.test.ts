/**
 * In Chromium: a $100 gift with the processing fee covered (ticked by default, 2.9% + 30¢)
 * charges $103.30; the bucket, the checkout, the thank-you page and the receipt e-mail and its PDF say so.
 */
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { donate, fillCard, fillDonor, openCheckout } from './support/checkout-flow';
import { mailedReceipt } from './support/receipt-mail';

describe('covering the processing fee', () => {
  const t = usePage();

  it('charges $103.30 for a $100 gift, and the thank-you page and the receipt say so', async () => {
    const { page } = t;
    await donate(page, '100');
    await page.getByText('Processing fee covered: $3.30. You can change this at checkout.').waitFor();
    await page.getByText('Total: $103.30').waitFor();
    await openCheckout(page);
    await fillDonor(page, undefined, undefined, { coverFee: true });
    const offer = page.getByRole('checkbox', { name: 'Add $3.30 so that all of my gift reaches the foundation' });
    expect(await offer.isChecked()).toBe(true);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText('Processing fee covered').waitFor();
    await summary.getByText('$103.30', { exact: true }).waitFor();
    await page.getByText('Total: $103.30').waitFor();
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 30_000 });

    const receipt = page.getByRole('region', { name: 'Your receipt' });
    await receipt.getByText('Processing fee covered').waitFor();
    expect(await receipt.textContent()).toMatch(/Processing fee covered\s*\$3\.30.*Amount\s*\$103\.30/);
    const number = (await page.locator('.order-receipt__number').textContent()) ?? '';
    const mailed = await mailedReceipt(number);
    expect(mailed.text).toMatch(/Processing fee covered[^\n]*\$3\.30/);
    expect(mailed.pdf).toContain('Processing fee covered Gift 1 $3.30');
    expect(mailed.pdf).toContain('$103.30');
  });
});
