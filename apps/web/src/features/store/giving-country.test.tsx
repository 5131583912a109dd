/**
 * Giving from Canada or the UK: the store's prices and amounts in that country's currency, the
 * country guessed from the browser until chosen, a full bucket emptied only when the donor says so,
 * and the UK checkout's Gift Aid declaration sent with the order in pounds.
 */
import { GIVING_COUNTRY_STORAGE_KEY } from '@store/shared/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkoutDoubles, enter, fillDonor, seedCart, storedCart, stubApi } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';
import { satakam, vagdevi } from '#src/test/site-fixture';

const countrySelect = () => screen.findByLabelText('Giving from');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('giving from another country', () => {
  test('a visitor giving from the UK sees every price and amount in pounds', async () => {
    localStorage.setItem(GIVING_COUNTRY_STORAGE_KEY, 'GB');
    await renderApp();
    expect(await countrySelect()).toHaveDisplayValue('United Kingdom (GBP)');
    const book = await screen.findByRole('article', { name: satakam.name });
    expect(within(book).getByText('Price: £4.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Donation amount (GBP)')).toBeInTheDocument();
    const amounts = within(screen.getByRole('group', { name: 'Choose an amount' })).getAllByRole('button');
    expect(amounts.map((b) => b.textContent)).toEqual(['£25', '£51', '£101', '£251', '£501', 'Other']);
    expect(screen.getByText('Prices and gifts in British Pound (£).')).toBeInTheDocument();
  });

  test('guesses Canada from a Canadian browser until the visitor chooses, and remembers the choice', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    const { user } = await renderApp();
    expect(await countrySelect()).toHaveDisplayValue('Canada (CAD)');
    expect(
      screen.getByText('Prices and gifts in Canadian Dollar (CA$), from your browser’s settings.'),
    ).toBeInTheDocument();
    expect(
      within(await screen.findByRole('article', { name: satakam.name })).getByText('Price: CA$7.00'),
    ).toBeInTheDocument();
    await user.selectOptions(await countrySelect(), 'United States (USD)');
    expect(localStorage.getItem(GIVING_COUNTRY_STORAGE_KEY)).toBe('US');
    expect(within(screen.getByRole('article', { name: satakam.name })).getByText('Price: $5.00')).toBeInTheDocument();
  });

  test('a full bucket is emptied only when the donor agrees to change its currency', async () => {
    localStorage.setItem(GIVING_COUNTRY_STORAGE_KEY, 'CA');
    const { user } = await renderApp();
    await user.type(await screen.findByLabelText('Donation amount (CAD)'), '51');
    await user.click(
      within(screen.getByRole('article', { name: vagdevi.name })).getByRole('button', { name: 'Donate' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/cart'));
    expect(storedCart()).toMatchObject([{ name: 'SGS Vagdevi Center - CA$51.00', price: 51 }]);
    expect(await screen.findByText('Total: CA$51.00')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Store' }));
    await user.selectOptions(await countrySelect(), 'United Kingdom (GBP)');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Your bucket holds gifts in CAD. A bucket holds one currency: giving from United Kingdom empties it, and you add your gifts again in GBP.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Keep giving from Canada' }));
    expect(await countrySelect()).toHaveDisplayValue('Canada (CAD)');
    expect(storedCart()).toHaveLength(1);

    await user.selectOptions(await countrySelect(), 'United Kingdom (GBP)');
    await user.click(screen.getByRole('button', { name: 'Empty the bucket and give from United Kingdom' }));
    expect(await countrySelect()).toHaveDisplayValue('United Kingdom (GBP)');
    expect(storedCart()).toEqual([]);
  });

  test('the UK checkout offers London only, asks for Gift Aid, and sends the declaration in pounds', async () => {
    localStorage.setItem(GIVING_COUNTRY_STORAGE_KEY, 'GB');
    seedCart([{ key: '7:2500', id: 7, name: 'SGS Vagdevi Center - £25.00', price: 25, quantity: 1, custom: true }]);
    const api = stubApi({
      'POST /api/public/payment/checkout': () =>
        jsonResponse({
          success: true,
          transactionId: 'txn_uk',
          orderId: 'order-uk',
          receiptNumber: 'UK-2026-000001',
          amount: 25,
          currency: 'GBP',
          giftAid: true,
          deductible: 25,
          email: 'asha@example.org',
          items: [{ name: 'SGS Vagdevi Center - £25.00', quantity: 1, amount: 25 }],
        }),
    });
    const doubles = checkoutDoubles();
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
    await screen.findByRole('option', { name: 'London Center, United Kingdom' });
    expect(
      within(screen.getByLabelText('Center'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a center', 'London Center, United Kingdom']);
    await fillDonor(user, 'London Center, United Kingdom');
    const giftAid = screen.getByRole('group', { name: 'Gift Aid' });
    const declaration = within(giftAid).getByRole('checkbox', {
      name: /^I want to Gift Aid my donation of £25\.00 to Sri Datta Vani Foundation UK\. I am a UK taxpayer/,
    });
    expect(within(giftAid).queryByLabelText('Postcode')).toBeNull();
    await user.click(declaration);
    await enter(user, 'House name or number', '12');
    await enter(user, 'Postcode', 'SW1A 1AA');
    expect(screen.getByText('Total: £25.00')).toBeInTheDocument();
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    await user.click(placeOrder);
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({
      currency: 'GBP',
      amount: 25,
      center: '8',
      customerDetails: { giftAid: true, giftAidHouse: '12', giftAidPostcode: 'SW1A 1AA' },
    });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(receipt).toHaveTextContent('Amount £25.00');
    expect(receipt).toHaveTextContent('Gift Aid declared: thank you, the charity will claim it.');
    expect(receipt).toHaveTextContent('Receipt number: UK-2026-000001');
  });
});
