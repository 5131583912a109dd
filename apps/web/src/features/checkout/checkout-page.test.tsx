import { GIVING_COUNTRY_STORAGE_KEY } from '@store/shared/storage-keys';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, test, vi } from 'vitest';
import { CardInputError, ClientTokenExpiredError } from '#src/components/payment/card-widget-errors';
import {
  bookLine,
  checkoutDoubles,
  deferred,
  enter,
  fillDonor,
  seedCart,
  storedCart,
  stubApi,
  vagdevi25,
} from '#src/test/checkout-doubles';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const approved = () =>
  jsonResponse({
    success: true,
    transactionId: 'txn_123',
    orderId: 'order-1',
    receiptNumber: 'R-20261125-0RDER1',
    amount: 30,
    email: 'asha@example.org',
    items: [
      { name: 'Guruvara Dattam Vimalacharita Satakam', quantity: 1, amount: 5 },
      { name: 'SGS Vagdevi Center - $25.00', quantity: 1, amount: 25 },
    ],
  });
const CANADIAN_ADDRESS = 'Your address for the Canadian tax receipt';
const declined = () => jsonResponse({ success: false, message: 'Your card was declined.', orderId: 'order-2' }, 402);

async function openCheckout(
  options: { handlers?: Parameters<typeof stubApi>[0]; lines?: (typeof bookLine)[]; country?: string } = {},
) {
  if (options.country) localStorage.setItem(GIVING_COUNTRY_STORAGE_KEY, options.country);
  seedCart(options.lines ?? [bookLine, vagdevi25]);
  const api = stubApi(options.handlers);
  const doubles = checkoutDoubles();
  const { user, unmount } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5000 });
  // With a bucket, the form comes in its own chunk once the order summary is on screen.
  if (options.lines?.length !== 0) await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
  return { user, unmount, api, ...doubles };
}

const placeOrder = () => screen.getByRole('button', { name: /^(Place Order|Processing\.\.\.)$/ });

async function waitUntilReady() {
  await waitFor(() => expect(placeOrder()).toBeEnabled(), { timeout: 3000 });
}

async function fillForm(user: UserEvent, { delivery = true, center = 'Dallas Center, Texas' } = {}) {
  await fillDonor(user, center);
  if (delivery) {
    await enter(user, 'Street', '12 Main St');
    await enter(user, 'City', 'Austin');
    await enter(user, 'State', 'TX');
    await enter(user, 'Zip', '78701');
  }
}

describe('checkout (/checkout)', () => {
  test('an empty bucket cannot check out', async () => {
    const { services } = await openCheckout({ lines: [] });
    expect(screen.getByText('Your donation bucket is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    expect(services.loadCaptcha).not.toHaveBeenCalled();
  });

  test('shows the lines, the total, the centers and the fields; Place Order waits for the payment UI', async () => {
    const token = deferred<Response>();
    const { api, captcha, services, widgets } = await openCheckout({
      handlers: { 'GET /api/public/payment/token': () => token.promise },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading payment options...');
    expect(placeOrder()).toHaveTextContent('Place Order');
    expect(placeOrder()).toBeDisabled();

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText(bookLine.name)).toBeInTheDocument();
    expect(within(summary).getByText('SGS Vagdevi Center - $25.00')).toBeInTheDocument();
    // The total in the summary (beside the form on a desktop) and again by Place Order.
    expect(within(summary).getByText('Total').parentElement).toHaveTextContent('Total $30.00');
    expect(screen.getByText('Total: $30.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Bucket' })).toHaveAttribute('href', '/cart');
    expect(screen.getByText(/^Secure payment:/)).toBeInTheDocument();

    const center = screen.getByLabelText('Center');
    expect(within(center).getAllByRole('option')[0]).toHaveTextContent('Select a center');
    expect(await within(center).findByRole('option', { name: 'Dallas Center, Texas' })).toHaveValue('2');
    for (const label of ['Card Holder First Name', 'Card Holder Last Name', 'Student Full Name (optional)', 'Email']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Mobile')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('group', { name: 'Delivery' })).toBeInTheDocument();

    await act(async () => token.resolve(jsonResponse({ clientToken: 'client-token-1', gateway: 'sandbox' })));
    await waitUntilReady();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Card widget 1')).toBeInTheDocument();
    expect(captcha.execute).toHaveBeenCalledWith('payment_token');
    const [tokenRequest] = api.requests('GET /api/public/payment/token');
    expect(tokenRequest?.headers.get('X-Captcha-Token')).toBe('captcha-token-payment_token');
    expect(tokenRequest?.headers.get('X-Captcha-Action')).toBe('payment_token');
    expect(services.createCardWidget).toHaveBeenCalledTimes(1);
    expect(widgets[0]?.options).toEqual({ clientToken: 'client-token-1', gateway: 'sandbox' });
    // The sandbox charges nobody, and the page says so.
    expect(screen.getByText('Test store: no card is charged.')).toBeInTheDocument();
  });

  test('with Braintree, no test-store notice', async () => {
    await openCheckout({
      handlers: {
        'GET /api/public/payment/token': () => jsonResponse({ clientToken: 'client-token-1', gateway: 'braintree' }),
      },
    });
    await waitUntilReady();
    expect(screen.queryByText(/Test store/)).toBeNull();
  });

  test('offers the first and last name as the cardholder name', async () => {
    const { user, widgets } = await openCheckout();
    await waitUntilReady();
    await enter(user, 'Card Holder First Name', 'Asha');
    await enter(user, 'Card Holder Last Name', ' Rao ');
    await waitFor(() => expect(widgets[0]?.suggestCardholderName).toHaveBeenLastCalledWith('Asha Rao'));
  });

  test('every required field says what it needs, and each message clears when its field is edited', async () => {
    const { user, api } = await openCheckout();
    await waitUntilReady();
    await user.click(placeOrder());
    expect(await screen.findByText('Please select a center.')).toBeInTheDocument();

    const expected: [string, string][] = [
      ['Center', 'Please select a center.'],
      ['Card Holder First Name', 'First name is required'],
      ['Card Holder Last Name', 'Last name is required'],
      ['Email', 'Email is required'],
      ['Mobile', 'Mobile number is required'],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Center')).toHaveFocus();
    expect(screen.queryByText('Mobile number must be 10 digits')).toBeNull();
    expect(screen.getByLabelText('Student Full Name (optional)')).not.toHaveAttribute('aria-invalid');
    // The delivery address is optional too (SPEC.md §5): empty, the book is picked up.
    expect(screen.getByLabelText('Street')).not.toHaveAttribute('aria-invalid');
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);

    await screen.findByRole('option', { name: 'Dallas Center, Texas' });
    await user.selectOptions(screen.getByLabelText('Center'), 'Dallas Center, Texas');
    expect(screen.queryByText('Please select a center.')).toBeNull();
    for (const [label, message] of expected.slice(1)) {
      await user.type(screen.getByLabelText(label), 'x');
      expect(screen.queryByText(message)).toBeNull();
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
  });

  test('mobile needs exactly 10 digits and email a valid format', async () => {
    const { user } = await openCheckout();
    await waitUntilReady();
    await fillForm(user);
    await enter(user, 'Email', 'asha@');
    for (const mobile of ['512555010', '51255501001', '512-555-01']) {
      await enter(user, 'Mobile', mobile);
      await user.click(placeOrder());
      expect(await screen.findByText('Mobile number must be 10 digits')).toBeInTheDocument();
      expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    }
  });

  test('pickup at the center replaces the delivery address', async () => {
    const { user, api } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': approved } });
    await waitUntilReady();
    await enter(user, 'Street', '12 Main St');
    await user.click(placeOrder());
    expect(await screen.findByText('City is required for delivery')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pick up at the selected center' }));
    expect(screen.queryByText('City is required for delivery')).toBeNull();
    expect(screen.queryByLabelText('Street')).toBeNull();

    await fillForm(user, { delivery: false });
    expect(screen.getByText('Pick up at Dallas Center, Texas, 4455 Legacy Dr, Frisco, TX 75034.')).toBeInTheDocument();
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ customerDetails: { pickup: true } });
    expect(order?.body).not.toHaveProperty('customerDetails.street');
  });

  test('the delivery fields are optional: with neither address nor pickup the book is picked up', async () => {
    const { user, api } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': approved } });
    await waitUntilReady();
    expect(
      screen.getByText('Optional: leave the address empty to pick up the book at the selected center.'),
    ).toBeInTheDocument();
    await fillForm(user, { delivery: false });
    expect(
      screen.getByText('Optional: leave the address empty to pick up the book at Dallas Center, Texas.'),
    ).toBeInTheDocument();
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    expect(screen.queryByText('Street is required for delivery')).toBeNull();
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(1);
  });

  test('a partly typed address names only its missing parts', async () => {
    const { user, api } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': approved } });
    await waitUntilReady();
    await fillForm(user, { delivery: false });
    await enter(user, 'Zip', '78701');
    await user.click(placeOrder());
    expect(await screen.findByText('Street is required for delivery')).toBeInTheDocument();
    expect(screen.getByText('City is required for delivery')).toBeInTheDocument();
    expect(screen.getByText('State is required for delivery')).toBeInTheDocument();
    expect(screen.queryByText('Zip is required for delivery')).toBeNull();
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);
  });

  test('a mobile typed as (555) 123-4567 is sent as its ten digits', async () => {
    const { user, api } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': approved } });
    await waitUntilReady();
    await fillForm(user);
    await enter(user, 'Mobile', '(555) 123-4567');
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ customerDetails: { mobile: '5551234567' } });
  });

  test('a visitor giving from the United States is offered the US centers only, and no Canadian address', async () => {
    await openCheckout({ lines: [vagdevi25] });
    await waitUntilReady();
    const offered = within(screen.getByLabelText('Center'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).not.toContain('Toronto Center, Canada');
    expect(offered).not.toContain('London Center, United Kingdom');
    expect(offered).toContain('Dallas Center, Texas');
    expect(screen.queryByRole('group', { name: CANADIAN_ADDRESS })).toBeNull();
  });

  test("only a Canadian center asks the donor's address for the tax receipt, as an optional field", async () => {
    const { user, api } = await openCheckout({
      lines: [vagdevi25],
      country: 'CA',
      handlers: { 'POST /api/public/payment/checkout': approved },
    });
    await waitUntilReady();
    await fillDonor(user, 'Toronto Center, Canada');
    await user.selectOptions(screen.getByLabelText('Center'), '');
    expect(screen.queryByRole('group', { name: CANADIAN_ADDRESS })).toBeNull();
    // Giving from Canada: the Canadian charity's centers, and the bucket in Canadian dollars.
    expect(
      within(screen.getByLabelText('Center'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a center', 'Toronto Center, Canada']);

    await user.selectOptions(screen.getByLabelText('Center'), 'Toronto Center, Canada');
    const address = screen.getByRole('group', { name: CANADIAN_ADDRESS });
    expect(address).toHaveAccessibleDescription(
      'A Canadian official donation receipt must show your address. You may leave it empty and add it later from your receipt e-mail or your dashboard: the official receipt is issued then.',
    );
    const autocomplete: [string, string][] = [
      ['Street address', 'street-address'],
      ['City', 'address-level2'],
      ['Province', 'address-level1'],
      ['Postal code', 'postal-code'],
    ];
    for (const [label, value] of autocomplete) {
      expect(within(address).getByLabelText(label)).toHaveAttribute('autocomplete', value);
    }

    // Left empty, the gift is sent without it, in Canadian dollars.
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ currency: 'CAD', center: '7' });
  });

  test("a Canadian center's order without the address is sent; the thank-you page says the receipt is not official yet", async () => {
    const { user, api } = await openCheckout({
      lines: [vagdevi25],
      country: 'CA',
      handlers: {
        'POST /api/public/payment/checkout': () =>
          jsonResponse({
            success: true,
            transactionId: 'txn_ca_later',
            orderId: 'order-ca-later',
            receiptNumber: 'R-20261128-0B6F3C',
            receiptAwaitsAddress: true,
            amount: 25,
            deductible: 25,
            email: 'asha@example.org',
            items: [{ name: 'SGS Vagdevi Center - $25.00', quantity: 1, amount: 25 }],
          }),
      },
    });
    await waitUntilReady();
    await fillForm(user, { delivery: false, center: 'Toronto Center, Canada' });
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({ center: '7', customerDetails: { center: '7' } });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(receipt).toHaveTextContent('Reference: R-20261128-0B6F3C');
    expect(receipt).toHaveTextContent(
      'This is not an official receipt for income tax purposes. To get your official receipt, add your address from the link in your receipt e-mail or on your dashboard.',
    );
    expect(within(receipt).getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test("a Canadian center's order sends the donor's address; the thank-you page says what is deductible", async () => {
    const { user, api } = await openCheckout({
      country: 'CA',
      lines: [{ ...bookLine, price: 7 }, vagdevi25],
      handlers: {
        'POST /api/public/payment/checkout': () =>
          jsonResponse({
            success: true,
            transactionId: 'txn_ca',
            orderId: 'order-ca',
            receiptNumber: 'CA-2026-000124',
            amount: 32,
            currency: 'CAD',
            // The book is a purchase: only the CA$25.00 gift is eligible.
            deductible: 25,
            email: 'asha@example.org',
            items: [
              { name: 'Guruvara Dattam Vimalacharita Satakam', quantity: 1, amount: 7 },
              { name: 'SGS Vagdevi Center - $25.00', quantity: 1, amount: 25 },
            ],
          }),
      },
    });
    await waitUntilReady();
    await fillForm(user, { delivery: false, center: 'Toronto Center, Canada' });
    await user.click(screen.getByRole('checkbox', { name: 'Pick up at the selected center' }));
    const address = screen.getByRole('group', { name: CANADIAN_ADDRESS });
    for (const [label, text] of [
      ['Street address', '3085 Kennedy Rd'],
      ['City', 'Scarborough'],
      ['Province', 'ON'],
      ['Postal code', 'M1V 1S8'],
    ] as const) {
      await user.click(within(address).getByLabelText(label));
      await user.paste(text);
    }
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.body).toMatchObject({
      center: '7',
      customerDetails: {
        center: '7',
        pickup: true,
        donorStreet: '3085 Kennedy Rd',
        donorCity: 'Scarborough',
        donorProvince: 'ON',
        donorPostalCode: 'M1V 1S8',
      },
    });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(within(receipt).getByText('Amount').parentElement).toHaveTextContent('Amount CA$32.00');
    expect(within(receipt).getByText('Tax-deductible amount:').parentElement).toHaveTextContent(
      'Tax-deductible amount: CA$25.00',
    );
  });

  test('without the book there is no delivery fieldset', async () => {
    await openCheckout({ lines: [vagdevi25] });
    await waitUntilReady();
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();
  });
});

describe('placing the order', () => {
  test('success: toast, empty bucket, /order-success with the transaction id', async () => {
    const answer = deferred<Response>();
    const { user, api, captcha, widgets } = await openCheckout({
      handlers: { 'POST /api/public/payment/checkout': () => answer.promise },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    await waitUntilReady();
    await fillForm(user);
    await enter(user, 'Student Full Name (optional)', 'Ravi Rao');
    await user.click(placeOrder());

    await waitFor(() => expect(placeOrder()).toHaveTextContent('Processing...'));
    expect(placeOrder()).toBeDisabled();
    expect(captcha.execute).toHaveBeenLastCalledWith('checkout');
    expect(widgets[0]?.requestNonce).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(approved()));

    expect(await screen.findByText('Payment successful! Transaction ID: txn_123')).toBeInTheDocument();
    expect(toastSuccess).toHaveBeenCalledWith('Payment successful! Transaction ID: txn_123', {
      position: 'top-center',
    });
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(screen.getByText('Transaction ID: txn_123')).toBeInTheDocument();
    // What the server answered besides: the receipt's number, where it went, the amount and the lines.
    expect(screen.getByText('R-20261125-0RDER1').parentElement).toHaveTextContent('Receipt number: R-20261125-0RDER1');
    expect(screen.getByText('Receipt sent to: asha@example.org')).toBeInTheDocument();
    expect(screen.getByText('Amount').parentElement).toHaveTextContent('Amount $30.00');
    expect(screen.getByText('SGS Vagdevi Center - $25.00')).toBeInTheDocument();
    expect(storedCart()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Proceed to Pay' })).toBeNull();

    const [order] = api.requests('POST /api/public/payment/checkout');
    expect(order?.headers.get('X-Captcha-Token')).toBe('captcha-token-checkout');
    expect(order?.headers.get('X-Captcha-Action')).toBe('checkout');
    expect(order?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(order?.body).toEqual({
      nonce: 'fake-valid-nonce',
      amount: 30,
      customerDetails: {
        center: '2',
        cardFirstName: 'Asha',
        cardLastName: 'Rao',
        studentName: 'Ravi Rao',
        email: 'asha@example.org',
        mobile: '5125550100',
        pickup: false,
        street: '12 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        amount: 30,
      },
      products: [bookLine, vagdevi25],
      center: '2',
      recaptchaToken: 'captcha-token-checkout',
    });
  });

  test('a declined card goes to /order-failed and keeps the bucket', async () => {
    const { user } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': declined } });
    await waitUntilReady();
    await fillForm(user);
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-failed'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Reason: Your card was declined.')).toBeInTheDocument();
    expect(storedCart()).toHaveLength(2);
  });

  test('an answer of success false on 200 also goes to /order-failed', async () => {
    const { user } = await openCheckout({
      handlers: {
        'POST /api/public/payment/checkout': () =>
          jsonResponse({ success: false, message: 'Declined', orderId: 'order-3' }),
      },
    });
    await waitUntilReady();
    await fillForm(user);
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-failed'));
  });

  test('an exception toasts "Payment failed." and lets the visitor try again', async () => {
    const { user, widgets, api } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': approved } });
    const toastError = vi.spyOn(toast, 'error');
    await waitUntilReady();
    await fillForm(user);
    widgets[0]?.requestNonce.mockRejectedValueOnce(new Error('The card form is not mounted.'));
    await user.click(placeOrder());
    expect(await screen.findByText('Payment failed.')).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Payment failed.', expect.objectContaining({ position: 'top-center' }));
    expect(placeOrder()).toHaveTextContent('Place Order');
    expect(placeOrder()).toBeEnabled();
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);
    expect(currentPath()).toBe('/checkout');
  });

  test('empty or invalid card fields are the widget\'s errors: no "Payment failed." toast', async () => {
    const { user, widgets, api } = await openCheckout({ handlers: { 'POST /api/public/payment/checkout': approved } });
    const toastError = vi.spyOn(toast, 'error');
    await waitUntilReady();
    await fillForm(user);
    widgets[0]?.requestNonce.mockRejectedValueOnce(new CardInputError('Please check your information and try again.'));
    await user.click(placeOrder());
    await waitFor(() => expect(widgets[0]?.requestNonce).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(placeOrder()).toHaveTextContent('Place Order'));
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByText('Payment failed.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(placeOrder()).toBeEnabled();
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);
  });

  test("a form that fails shows the card widget's errors in the same round", async () => {
    const { user, widgets } = await openCheckout();
    await waitUntilReady();
    await user.click(placeOrder());
    expect(await screen.findByText('Please select a center.')).toBeInTheDocument();
    expect(widgets[0]?.showErrors).toHaveBeenCalledTimes(1);
    expect(widgets[0]?.requestNonce).not.toHaveBeenCalled();
  });

  test.each([
    [429, 'rate_limited', 'Too many declined payments. Please try again in 10 minutes.'],
    [503, 'service_unavailable', 'Your payment could not be confirmed. Please check your e-mail before trying again.'],
    [403, 'captcha_failed', 'The captcha check failed. Please try again.'],
  ])('HTTP %i: "Payment failed." and the server\'s message under the button', async (status, code, message) => {
    const { user } = await openCheckout({
      handlers: { 'POST /api/public/payment/checkout': () => jsonResponse({ error: { code, message } }, status) },
    });
    await waitUntilReady();
    await fillForm(user);
    await user.click(placeOrder());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Payment failed.')).toBeInTheDocument();
    expect(placeOrder()).toHaveAccessibleDescription(message);
    expect(currentPath()).toBe('/checkout');
  });

  test('a 400 names the refused fields on the form', async () => {
    const { user } = await openCheckout({
      handlers: {
        'POST /api/public/payment/checkout': () =>
          jsonResponse(
            {
              error: {
                code: 'validation_error',
                message: 'Some details are not valid.',
                fields: { 'customerDetails.email': 'Invalid email format', center: 'Please select a center.' },
              },
            },
            400,
          ),
      },
    });
    await waitUntilReady();
    await fillForm(user);
    await user.click(placeOrder());
    expect(await screen.findByText('Some details are not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email format');
    expect(screen.getByLabelText('Center')).toHaveAccessibleDescription('Please select a center.');
  });

  test('a re-submit after a 503 or a network failure keeps the Idempotency-Key; a decline ends the attempt', async () => {
    const answers = [
      () => jsonResponse({ error: { code: 'service_unavailable', message: 'Could not be confirmed.' } }, 503),
      () => Promise.reject(new TypeError('Failed to fetch')),
      declined,
      approved,
    ];
    const { user, api } = await openCheckout({
      handlers: { 'POST /api/public/payment/checkout': () => (answers.shift() ?? approved)() },
    });
    await waitUntilReady();
    await fillForm(user);
    await user.click(placeOrder());
    expect(await screen.findByText('Could not be confirmed.')).toBeInTheDocument();
    await user.click(placeOrder());
    expect(
      await screen.findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-failed'));

    // Back to the bucket and to the checkout again: a new order attempt.
    await user.click(await screen.findByRole('link', { name: 'Back to Bucket' }));
    await user.click(await screen.findByRole('link', { name: 'Checkout' }));
    await waitUntilReady();
    await fillForm(user);
    await user.click(placeOrder());
    await waitFor(() => expect(currentPath()).toBe('/order-success'));

    const keys = api.requests('POST /api/public/payment/checkout').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[3]).toMatch(UUID);
  }, 20_000);

  test('an expired client token fetches a new one and rebuilds the widget', async () => {
    const { user, widgets, api } = await openCheckout();
    await waitUntilReady();
    await fillForm(user);
    widgets[0]?.requestNonce.mockRejectedValueOnce(new ClientTokenExpiredError('expired'));
    await user.click(placeOrder());
    expect(
      await screen.findByText('Your payment session expired. Please enter your card details again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(widgets).toHaveLength(2));
    await waitUntilReady();
    expect(widgets[0]?.teardown).toHaveBeenCalledTimes(1);
    expect(api.requests('GET /api/public/payment/token')).toHaveLength(2);
    expect(screen.queryByText('Card widget 1')).toBeNull();
    expect(screen.getByText('Card widget 2')).toBeInTheDocument();
  });

  test('leaving the page tears the widget down', async () => {
    // The page has no in-app link while it holds a bucket ('Proceed to Pay' is not shown here).
    const { unmount, widgets } = await openCheckout();
    await waitUntilReady();
    unmount();
    await waitFor(() => expect(widgets[0]?.teardown).toHaveBeenCalledTimes(1));
  });
});

describe('payment initialisation', () => {
  test.each([
    ['fails', () => jsonResponse({ error: { code: 'captcha_failed', message: 'Captcha failed.' } }, 403)],
    ['answers without a client token', () => jsonResponse({ gateway: 'sandbox' })],
  ])('when the token call %s: the error banner, a toast, and Retry Initialization', async (_case, failure) => {
    const answers = [failure];
    const toastError = vi.spyOn(toast, 'error');
    const { user, services } = await openCheckout({
      handlers: {
        'GET /api/public/payment/token': () =>
          (answers.shift() ?? (() => jsonResponse({ clientToken: 'client-token-2', gateway: 'sandbox' })))(),
      },
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Could not initialize payment. Check captcha/site key and network.');
    expect(await screen.findByText('Could not initialize payment.')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
    expect(services.createCardWidget).not.toHaveBeenCalled();

    await user.click(within(banner).getByRole('button', { name: 'Retry Initialization' }));
    await waitUntilReady();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(services.createCardWidget).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      { clientToken: 'client-token-2', gateway: 'sandbox' },
      // The site's payment methods, for the widget to offer.
      expect.objectContaining({ methods: ['card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay'] }),
    );
    // The failure's toast, and none for the retry that worked.
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  test('a widget that fails to build: toast, "Payment UI not ready", and Reload Payment UI rebuilds it', async () => {
    const doubles = checkoutDoubles();
    doubles.services.createCardWidget.mockRejectedValueOnce(new Error('Drop-in could not load'));
    seedCart([bookLine]);
    const api = stubApi();
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });

    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(banner).toHaveTextContent('Payment UI not ready');
    expect(await screen.findByText('Payment UI failed to load.')).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();

    await user.click(within(banner).getByRole('button', { name: 'Reload Payment UI' }));
    await waitUntilReady();
    expect(doubles.services.createCardWidget).toHaveBeenCalledTimes(2);
    expect(doubles.widgets[0]?.options.clientToken).toBe('client-token-1');
    // Same token: the reload does not ask the server again.
    expect(api.requests('GET /api/public/payment/token')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a captcha that does not load says "Captcha not ready yet." and submitting is refused', async () => {
    const doubles = checkoutDoubles();
    doubles.services.loadCaptcha.mockRejectedValueOnce(new Error('no captcha'));
    seedCart([vagdevi25]);
    const api = stubApi({ 'POST /api/public/payment/checkout': approved });
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });

    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(banner).toHaveTextContent('Captcha not ready yet.');
    expect(api.requests('GET /api/public/payment/token')).toHaveLength(0);

    await fillForm(user, { delivery: false });
    fireEvent.submit(placeOrder().closest('form') as HTMLFormElement);
    expect(await screen.findByText('Captcha not ready, please retry.')).toBeInTheDocument();
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);

    await user.click(within(banner).getByRole('button', { name: 'Retry Initialization' }));
    await waitUntilReady();
    expect(doubles.services.loadCaptcha).toHaveBeenCalledTimes(2);
  });

  test('a captcha that cannot answer at start (challenge blocked) also says "Captcha not ready yet."', async () => {
    const doubles = checkoutDoubles();
    doubles.captcha.execute.mockRejectedValueOnce(new Error('Could not get a captcha challenge: 403'));
    seedCart([vagdevi25]);
    const api = stubApi({ 'POST /api/public/payment/checkout': approved });
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });

    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(banner).toHaveTextContent('Captcha not ready yet.');
    expect(banner).not.toHaveTextContent('Could not initialize payment.');
    expect(api.requests('GET /api/public/payment/token')).toHaveLength(0);

    await fillForm(user, { delivery: false });
    fireEvent.submit(placeOrder().closest('form') as HTMLFormElement);
    expect(await screen.findByText('Captcha not ready, please retry.')).toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Retry Initialization' }));
    await waitUntilReady();
  });

  test('submitting while the payment UI is not ready is refused', async () => {
    const doubles = checkoutDoubles();
    doubles.services.createCardWidget.mockRejectedValueOnce(new Error('Drop-in could not load'));
    seedCart([vagdevi25]);
    const api = stubApi({ 'POST /api/public/payment/checkout': approved });
    const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
    await screen.findByRole('button', { name: 'Reload Payment UI' }, { timeout: 5000 });
    await fillForm(user, { delivery: false });
    fireEvent.submit(placeOrder().closest('form') as HTMLFormElement);
    expect(await screen.findByText('Payment UI not ready. Click “Reload Payment UI”.')).toBeInTheDocument();
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);
  });
});
