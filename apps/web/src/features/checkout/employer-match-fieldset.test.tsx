/**
 * Employer matching at checkout: the box is unticked and asks nothing; ticked, it asks for the
 * employer's name and refuses the order without it, by the field; the request carries the employer
 * only while the box is ticked; the thank-you page then shows the next steps with the legal name and
 * the EIN to copy, or where to ask for a number that is not configured (never an empty one).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { checkoutDoubles, enter, fillDonor, seedCart, stubApi, vagdevi25 } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';
import { buildCheckoutRequest } from './build-checkout-request';

const approved = (matching: object) => () =>
  jsonResponse({
    success: true,
    transactionId: 'txn_123',
    orderId: 'order-1',
    receiptNumber: '2026-000001',
    amount: 25,
    email: 'asha@example.org',
    items: [{ name: 'SGS Vagdevi Center - $25.00', quantity: 1, amount: 25 }],
    matching,
  });

describe('employer matching at checkout', () => {
  test('asks for the employer once ticked, sends it, and the thank-you page gives the next steps', async () => {
    seedCart([vagdevi25]);
    const api = stubApi({
      'POST /api/public/payment/checkout': approved({
        employer: 'Acme Corp',
        legalName: 'Sri Datta Vani Foundation, Inc.',
        ein: '12-3456789',
        taxIdKind: 'ein',
      }),
    });
    const doubles = checkoutDoubles();
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
    const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    await fillDonor(user);

    const matching = screen.getByRole('group', { name: 'Employer matching' });
    const box = within(matching).getByRole('checkbox', { name: 'My employer matches gifts' });
    expect(box).not.toBeChecked();
    expect(within(matching).queryByLabelText("Employer's name")).toBeNull();
    await user.click(box);
    const name = within(matching).getByLabelText("Employer's name");
    await user.click(placeOrder);
    expect(await within(matching).findByText("Enter your employer's name")).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);

    await enter(user, "Employer's name", 'Acme Corp');
    await user.click(placeOrder);
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ customerDetails: { employerMatches: true, employerName: 'Acme Corp' } });

    const steps = await screen.findByRole('region', { name: 'Ask Acme Corp to match your gift' });
    expect(within(steps).getByText('The form asks for our legal name and EIN (employer identification number):'));
    expect(within(steps).getByText('Sri Datta Vani Foundation, Inc.')).toBeInTheDocument();
    expect(within(steps).getByText('12-3456789')).toBeInTheDocument();
  });

  test('the request carries the employer only while the box is ticked', () => {
    const details = {
      center: '2',
      cardFirstName: 'Asha',
      cardLastName: 'Rao',
      email: 'asha@example.org',
      mobile: '5125550100',
      pickup: true,
      employerName: 'Typed, then unticked',
    };
    const input = { lines: [vagdevi25], totalCents: 2500, nonce: 'n', recaptchaToken: 'c' };
    const build = (employerMatches: boolean) =>
      buildCheckoutRequest({
        ...input,
        details: { ...details, employerMatches },
        withDelivery: false,
        withDonorAddress: false,
      }).customerDetails;
    expect(Object.keys(build(false)).filter((key) => key.startsWith('employer'))).toEqual([]);
    expect(build(true)).toMatchObject({ employerMatches: true, employerName: 'Typed, then unticked' });
  });

  test('without a configured tax number the next steps say where to ask for it, never an empty number', async () => {
    await renderApp({
      path: '/order-success',
      state: {
        transactionId: 'txn_9',
        matching: {
          employer: 'Maple Ltd',
          legalName: 'Sri Datta Vani Foundation',
          taxIdKind: 'craRegistration',
          askAt: 'https://example.org/',
        },
      },
    });
    const steps = await screen.findByRole('region', { name: 'Ask Maple Ltd to match your gift' });
    expect(
      within(steps).getByText(
        'Our Charity registration number is not listed here: ask us for it at https://example.org/ before you send the form.',
      ),
    ).toBeInTheDocument();
    expect(within(steps).queryByRole('button', { name: /Copy Charity registration number/ })).toBeNull();
  });
});
