/**
 * "Dedicate this gift" at checkout: none by default; a kind asks for the person's name; a card asks
 * for its recipient and a valid address; the request carries the tribute only when one is chosen,
 * and its card only when asked for; the thank-you page names the card's recipient.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { checkoutDoubles, enter, fillDonor, seedCart, stubApi, vagdevi25 } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';
import { buildCheckoutRequest } from './build-checkout-request';

const approved = () =>
  jsonResponse({
    success: true,
    transactionId: 'txn_123',
    orderId: 'order-1',
    receiptNumber: '2026-000001',
    amount: 25,
    email: 'asha@example.org',
    items: [{ name: 'SGS Vagdevi Center - $25.00', quantity: 1, amount: 25 }],
    tributeCard: { name: 'Lakshmi Rao' },
  });

describe('the tribute fieldset', () => {
  test('asks for the name and a valid card address, then sends the tribute with its card', async () => {
    seedCart([vagdevi25]);
    const api = stubApi({ 'POST /api/public/payment/checkout': approved });
    const doubles = checkoutDoubles();
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    await fillDonor(user);

    const dedication = screen.getByRole('group', { name: 'Dedicate this gift' });
    const kinds = within(dedication).getByRole('radiogroup', { name: 'Dedication' });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['none', 'honour', 'memory']);
    expect(within(kinds).getByRole('radio', { name: 'No dedication' })).toBeChecked();
    expect(within(dedication).queryByLabelText('Their name')).toBeNull();

    // The keyboard moves through the choices as in any radio group.
    within(kinds).getByRole('radio', { name: 'No dedication' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(kinds).getByRole('radio', { name: 'In memory of' })).toBeChecked();
    await user.click(within(dedication).getByRole('checkbox', { name: 'Send an e-mail card' }));
    await enter(user, "Recipient's e-mail", 'lakshmi@');
    await user.click(placeOrder);
    expect(
      await within(dedication).findByText('Enter the name of the person this gift honours or remembers'),
    ).toBeInTheDocument();
    expect(within(dedication).getByText('Enter the name of the person to send the card to')).toBeInTheDocument();
    expect(within(dedication).getByText('Enter a valid e-mail address for the card')).toBeInTheDocument();
    expect(screen.getByLabelText("Recipient's e-mail")).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);

    await enter(user, 'Their name', 'Sita Devi');
    await enter(user, 'Message (optional)', 'She fed everyone.');
    expect(within(dedication).getByText('17 of 500 characters')).toBeInTheDocument();
    await enter(user, "Recipient's name", 'Lakshmi Rao');
    await enter(user, "Recipient's e-mail", 'lakshmi@example.org');
    await user.click(within(dedication).getByRole('checkbox', { name: 'Show the amount on the card' }));
    await user.click(placeOrder);
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({
      customerDetails: {
        tributeKind: 'memory',
        tributeName: 'Sita Devi',
        tributeMessage: 'She fed everyone.',
        tributeCardName: 'Lakshmi Rao',
        tributeCardEmail: 'lakshmi@example.org',
        tributeShowAmount: true,
      },
    });
    expect(await screen.findByText('An e-mail card will be sent to Lakshmi Rao.')).toBeInTheDocument();
  });

  test('the request carries no tribute when none is chosen, and no card when none is asked for', () => {
    const details = {
      center: '2',
      cardFirstName: 'Asha',
      cardLastName: 'Rao',
      email: 'asha@example.org',
      mobile: '5125550100',
      pickup: true,
      tributeName: 'Sita Devi',
      tributeMessage: '',
      tributeCardName: '',
      tributeCardEmail: '',
      tributeShowAmount: false,
    };
    const input = { lines: [vagdevi25], totalCents: 2500, nonce: 'n', recaptchaToken: 'c' };
    const none = buildCheckoutRequest({ ...input, details, withDelivery: false, withDonorAddress: false });
    expect(Object.keys(none.customerDetails).filter((key) => key.startsWith('tribute'))).toEqual([]);
    const honour = buildCheckoutRequest({
      ...input,
      details: { ...details, tributeKind: 'honour' },
      withDelivery: false,
      withDonorAddress: false,
    });
    expect(Object.keys(honour.customerDetails).filter((key) => key.startsWith('tribute'))).toEqual([
      'tributeKind',
      'tributeName',
    ]);
  });
});
