/**
 * The card checkout as a donor meets it (SPEC.md §2 Checkout, §4 Checkout, §5, §8): the real
 * server with the offline sandbox gateway and the real ALTCHA captcha, in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { donate, fillCard, fillDonor, openCheckout } from './support/checkout-flow';

const BOOK = 'Guruvara Dattam Vimalacharita Satakam';

describe('checkout', () => {
  const t = usePage();

  it('shows every validation message and clears each when its field is edited', async () => {
    const { page } = t;
    await page.goto('/');
    await page.getByRole('article', { name: BOOK }).getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await openCheckout(page);
    await page.getByText('Total: $5.00').waitFor();

    await page.getByRole('button', { name: 'Place Order' }).click();
    for (const text of [
      'Please select a center.',
      'First name is required',
      'Last name is required',
      'Email is required',
      'Mobile number is required',
      'Street is required for delivery',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByLabel('Card Holder First Name').fill('Asha');
    await expect.poll(() => page.getByText('First name is required', { exact: true }).count()).toBe(0);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile').fill('12345');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Invalid email format', { exact: true }).waitFor();
    await page.getByText('Mobile number must be 10 digits', { exact: true }).waitFor();

    // Picking the book up at the center makes the delivery address unnecessary.
    await page.getByLabel('Pick up at the selected center').check();
    await expect.poll(() => page.getByText('Street is required for delivery', { exact: true }).count()).toBe(0);
  });

  it('pays with an approved sandbox card, shows the transaction id and empties the bucket', async () => {
    const { page } = t;
    await donate(page, '25');
    await openCheckout(page);
    await page.getByText('Total: $25.00').waitFor();
    await fillDonor(page);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place Order' }).click();

    await page.waitForURL('**/order-success', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
    await page.getByText(/Payment successful! Transaction ID: \S+/).waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toMatch(/Transaction ID: \S+/);
    expect(body).not.toContain('Transaction ID not available.');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');

    await page.goto('/cart');
    await page.getByText('Your donation bucket is empty.').waitFor();
  });

  it('goes to /order-failed when the card is declined, and keeps the bucket', async () => {
    const { page } = t;
    await donate(page, '40');
    await openCheckout(page);
    await fillDonor(page);
    await fillCard(page, '4000 1111 1111 1115');
    await page.getByRole('button', { name: 'Place Order' }).click();

    await page.waitForURL('**/order-failed', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Payment failed. Please try again.').waitFor();
    await page.goto('/cart');
    await page.getByText(`SGS Vagdevi Center - $40.00`).waitFor();
  });

  it('shows the retry banner when the client token call fails, and recovers on Retry Initialization', async () => {
    const { page } = t;
    await donate(page, '10');
    await page.route('**/api/public/payment/token', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page
      .getByText('Could not initialize payment. Check captcha/site key and network.')
      .waitFor({ timeout: 20_000 });
    await page.getByText('Could not initialize payment.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);

    await page.unroute('**/api/public/payment/token');
    await page.getByRole('button', { name: 'Retry Initialization' }).click();
    await page.getByLabel('Card Number').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
  });

  it('cannot check out an empty bucket', async () => {
    const { page } = t;
    await page.goto('/checkout');
    await page.getByText('Your donation bucket is empty.').waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).count()).toBe(0);
  });

  it('shows the fallback text on /order-success without a transaction id', async () => {
    const { page } = t;
    await page.goto('/order-success');
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
    await page.getByText('Transaction ID not available.').waitFor();
  });
});
