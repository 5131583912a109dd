/**
 * Covering the processing fee: ticked or not per `giving.coverFeesDefault`; the bucket
 * and the checkout's summary show it as a line of its own and in the total; unticking takes it away;
 * the request carries `coverFee` and the total with the fee; the thank-you page shows the fee line.
 */
import { lineFor } from '@store/shared/cart';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { checkoutDoubles, fillDonor, seedCart, stubApi } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';
import { catalogueFixture, vagdevi } from '#src/test/site-fixture';

// $100 at the default 2.9% + 30¢: $3.30 makes the net exactly $100 (processing-fee.ts).
const gift100 = lineFor(vagdevi, 10_000);
const OFFER = 'Add $3.30 so that all of my gift reaches the foundation';

function catalogueWith(coverFeesDefault: boolean) {
  return () => jsonResponse({ ...catalogueFixture, giving: { ...catalogueFixture.giving, coverFeesDefault } });
}

const approved = () =>
  jsonResponse({
    success: true,
    transactionId: 'txn_fee',
    orderId: 'order-fee',
    receiptNumber: '2026-000001',
    amount: 103.3,
    feeCovered: 3.3,
    email: 'asha@example.org',
    items: [{ name: gift100.name, quantity: 1, amount: 100 }],
  });

async function open(path: string, coverFeesDefault: boolean) {
  seedCart([gift100]);
  const api = stubApi({
    'GET /api/public/catalogue': catalogueWith(coverFeesDefault),
    'POST /api/public/payment/checkout': approved,
  });
  const doubles = checkoutDoubles();
  const { user } = await renderApp({ path, stubFetch: false, wrap: doubles.wrap });
  return { user, api };
}

const summary = () => screen.getByRole('region', { name: 'Order Summary' });

describe('covering the processing fee', () => {
  test('ticked by default: the bucket and the summary show the fee line and total; unticking removes it; the request carries it', async () => {
    const { user, api } = await open('/cart', true);
    expect(
      await screen.findByText('Processing fee covered: $3.30. You can change this at checkout.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Total: $103.30')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Checkout' }));
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    const offer = screen.getByRole('checkbox', { name: OFFER });
    expect(offer).toBeChecked();
    expect(within(summary()).getByText('Processing fee covered')).toBeInTheDocument();
    expect(within(summary()).getByText('$103.30')).toBeInTheDocument();
    expect(screen.getByText('Total: $103.30')).toBeInTheDocument();

    // Unticked with the keyboard (Space on the focused box): the line and the fee leave the total.
    offer.focus();
    await user.keyboard(' ');
    expect(offer).not.toBeChecked();
    expect(within(summary()).queryByText('Processing fee covered')).toBeNull();
    expect(screen.getByText('Total: $100.00')).toBeInTheDocument();
    await user.click(offer);

    await fillDonor(user);
    await user.click(placeOrder);
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ amount: 103.3, customerDetails: { coverFee: true, amount: 103.3 } });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(within(receipt).getByText('Processing fee covered')).toBeInTheDocument();
    expect(within(receipt).getByText('$3.30')).toBeInTheDocument();
    expect(within(receipt).getByText('$103.30')).toBeInTheDocument();
  });

  test("a monthly gift's bucket says each month is charged with its fee too", async () => {
    seedCart([{ ...lineFor(vagdevi, 5100), key: '7:5100:monthly', monthly: true }]);
    stubApi({ 'GET /api/public/catalogue': catalogueWith(true) });
    await renderApp({ path: '/cart', stubFetch: false });
    // $51 a month and its $1.84 fee: today and then each month.
    expect(
      await screen.findByText('Processing fee covered: $1.84. You can change this at checkout.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Then \$52\.84 on the/)).toBeInTheDocument();
  });

  test('with coverFeesDefault false the offer starts unticked and the order is the bucket alone', async () => {
    const { user, api } = await open('/checkout', false);
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    expect(screen.getByRole('checkbox', { name: OFFER })).not.toBeChecked();
    expect(within(summary()).queryByText('Processing fee covered')).toBeNull();
    expect(screen.getByText('Total: $100.00')).toBeInTheDocument();
    await fillDonor(user);
    await user.click(placeOrder);
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ amount: 100 });
    expect(order?.body).not.toHaveProperty('customerDetails.coverFee');
  });
});
