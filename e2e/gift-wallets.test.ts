/**
 * Each wallet completes a sandbox checkout in Chromium against the built site. The offline
 * sandbox offers the site's methods as the Drop-in would (all six by default) and pays each wallet
 * with Braintree's test nonce for it; the thank-you page says how the gift was paid, and the receipt
 * e-mail's PDF names the method. One page, one checkout per wallet.
 */
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { donate, fillDonor, openCheckout } from './support/checkout-flow';
import { mailedReceipt } from './support/receipt-mail';

const WALLETS = [
  ['PayPal', 'PayPal'],
  ['PayPal Credit', 'PayPal Credit'],
  ['Venmo', 'Venmo'],
  ['Apple Pay', 'Apple Pay, Visa ending in 8886'],
  ['Google Pay', 'Google Pay, Visa ending in 1111'],
] as const;

describe('wallets', () => {
  const t = usePage();

  it('pays with each wallet in the sandbox and names it on the thank-you page and the receipt', async () => {
    const { page } = t;
    const numbers: string[] = [];
    for (const [method, named] of WALLETS) {
      await donate(page, '51');
      await openCheckout(page);
      const methods = page.getByRole('group', { name: 'Pay with' });
      expect(await methods.getByRole('radio').count()).toBe(6);
      await fillDonor(page);
      await methods.getByRole('radio', { name: method, exact: true }).check();
      // The card's fields give way to the wallet's test panel.
      await page.getByRole('heading', { name: `${method} (test)` }).waitFor();
      expect(await page.getByLabel('Card Number').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL('**/order-success', { timeout: 30_000 });
      const receipt = page.getByRole('region', { name: 'Your receipt' });
      await receipt.getByText(`Paid with: ${named}`, { exact: true }).waitFor();
      numbers.push((await receipt.locator('.order-receipt__number').textContent()) ?? '');
    }
    // The receipt the donor keeps names the method too (its PDF, read back): Apple Pay's, with its card.
    const applePay = await mailedReceipt(numbers[3] ?? '');
    expect(applePay.pdf).toContain('Apple Pay, Visa ending in 8886');
  });
});
