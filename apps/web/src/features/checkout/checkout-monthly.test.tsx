/**
 * Issue 22: a bucket with a monthly line checks out only with an account: the checkout asks for a
 * password inline and creates the account (the register call, with a captcha) without leaving the
 * page; the order is not placed before; the thank-you page names the monthly charge day.
 */
import { lineFor } from '@store/shared/cart';
import { asMonthly } from '@store/shared/monthly-lines';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { forgetSession } from '#src/lib/session-hint';
import { asha, clientConfig } from '#src/test/auth-fixture';
import {
  checkoutDoubles,
  enter,
  fillDonor,
  seedCart,
  storedCart,
  stubApi,
  vagdevi25,
} from '#src/test/checkout-doubles';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';
import { vagdevi } from '#src/test/site-fixture';

const monthly = asMonthly(lineFor(vagdevi, 5100));

async function openCheckout(handlers: Parameters<typeof stubApi>[0] = {}, lines = [monthly]) {
  seedCart(lines);
  const api = stubApi({ 'GET /api/public/client-config': () => jsonResponse(clientConfig()), ...handlers });
  const doubles = checkoutDoubles();
  const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
  await screen.findByRole('button', { name: 'Place Order' }, { timeout: 5000 });
  return { user, api, ...doubles };
}

/** The form filled in as a donor would, the password typed but "Create account" never pressed. */
async function fillIn(user: UserEvent, password: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled(), { timeout: 3000 });
  await fillDonor(user);
  const group = screen.getByRole('group', { name: 'Monthly gifts need an account' });
  await user.type(within(group).getByLabelText(/^Password/), password);
  return group;
}

const approved = () =>
  jsonResponse({
    success: true,
    transactionId: 'txn_1',
    orderId: 'order-1',
    receiptNumber: 'SDF-2026-000001',
    amount: 51,
    email: 'asha@example.org',
    items: [{ name: monthly.name, quantity: 1, amount: 51 }],
    monthly: [{ name: monthly.name, amount: 51, billingDay: 27 }],
  });

const refusedSignUp = (fields: Record<string, string>) => () =>
  jsonResponse({ error: { code: 'validation_error', message: 'Please check the form.', fields } }, 400);

beforeEach(() => forgetSession());

describe('checkout with a monthly gift', () => {
  test('the summary says what is charged today and each month, and marks the line Monthly', async () => {
    await openCheckout();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Today: $51.00')).toBeInTheDocument();
    expect(within(summary).getByText(/^Then \$51\.00 on the \d+(st|nd|rd|th) of each month$/)).toBeInTheDocument();
    expect(within(summary).getByText('Monthly')).toBeInTheDocument();
  });

  test('a visitor without an account is asked for one inline; the order waits for it', async () => {
    const { user, api, captcha } = await openCheckout({
      'POST /auth/register': () => jsonResponse(asha),
      'POST /api/public/payment/checkout': approved,
    });
    const group = screen.getByRole('group', { name: 'Monthly gifts need an account' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled(), { timeout: 3000 });
    await fillDonor(user);

    // Placing the order first: refused at the password, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const password = within(group).getByLabelText(/^Password/);
    expect(await within(group).findByText('Please sign in or create an account to give monthly.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(api.requests('POST /api/public/payment/checkout')).toEqual([]);

    // A short password is refused by the field; then Enter in it creates the account.
    await user.type(password, 'short');
    await user.click(within(group).getByRole('button', { name: 'Create account' }));
    expect(within(group).getByText(/at least \d+ characters/, { selector: '.field__error' })).toBeInTheDocument();
    await user.type(password, ' and long enough now{Enter}');
    expect(await screen.findByText(/^Signed in as asha@example.org/)).toBeInTheDocument();
    expect(api.requests('POST /auth/register')[0]?.body).toMatchObject({
      email: 'asha@example.org',
      name: 'Asha Rao',
      password: 'short and long enough now',
    });
    expect(captcha.execute).toHaveBeenCalledWith('register');
    // The form kept what was typed, and the bucket is still there.
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(storedCart()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    expect(
      await screen.findByText(/Your monthly gift of \$51\.00 will be charged on the 27th of each month\./),
    ).toBeInTheDocument();
  });

  test('Place Order with a password typed and no "Create account" press makes the account, then places the order', async () => {
    const { user, api, captcha } = await openCheckout({
      'POST /auth/register': () => jsonResponse(asha),
      'POST /api/public/payment/checkout': approved,
    });
    await fillIn(user, 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    // The sign-up went first, with its own captcha action, and the order after it.
    const order = api.fetchMock.mock.calls
      .map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`)
      .filter((key) => key === 'POST /auth/register' || key === 'POST /api/public/payment/checkout');
    expect(order).toEqual(['POST /auth/register', 'POST /api/public/payment/checkout']);
    expect(api.requests('POST /auth/register')[0]?.body).toMatchObject({
      email: 'asha@example.org',
      name: 'Asha Rao',
      password: 'a long enough password',
    });
    expect(captcha.execute).toHaveBeenCalledWith('register');
    expect(captcha.execute).toHaveBeenCalledWith('checkout');
    expect(
      await screen.findByText(/Your monthly gift of \$51\.00 will be charged on the 27th of each month\./),
    ).toBeInTheDocument();
  });

  test('a sign-up refused on Place Order is said at its field, places nothing, and keeps what was typed', async () => {
    const { user, api } = await openCheckout({
      'POST /auth/register': refusedSignUp({ password: 'This password is too common. Choose a less common one.' }),
      'POST /api/public/payment/checkout': approved,
    });
    const group = await fillIn(user, 'password1234');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const password = within(group).getByLabelText(/^Password/);
    expect(
      await within(group).findByText('This password is too common. Choose a less common one.', {
        selector: '.field__error',
      }),
    ).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(password).toHaveValue('password1234');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(screen.getByLabelText('Card Holder First Name')).toHaveValue('Asha');
    expect(api.requests('POST /api/public/payment/checkout')).toEqual([]);
    expect(currentPath()).toBe('/checkout');
    expect(storedCart()).toHaveLength(1);

    // A password the page itself can judge too short is refused before any call.
    await user.clear(password);
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(group).findByText(/at least 12 characters/, { selector: '.field__error' })).toBeInTheDocument();
    expect(api.requests('POST /auth/register')).toHaveLength(1);
    expect(api.requests('POST /api/public/payment/checkout')).toEqual([]);
  });

  test('an e-mail that already has an account, met on Place Order, is said by the e-mail field and places nothing', async () => {
    const { user, api } = await openCheckout({
      'POST /auth/register': refusedSignUp({ email: 'An account with this e-mail already exists. Log in instead.' }),
      'POST /api/public/payment/checkout': approved,
    });
    await fillIn(user, 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(/already exists/, { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.requests('POST /api/public/payment/checkout')).toEqual([]);
  });

  test('the card note says the payment provider keeps the card for a monthly gift, and not for a one-time bucket', async () => {
    await openCheckout();
    expect(
      screen.getByText(
        'Secure payment: your card is kept by our payment provider for the monthly charge, and its details are never stored on this site.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/used for this payment only/)).not.toBeInTheDocument();
  });

  test('a bucket with no monthly line keeps the one-time card note', async () => {
    await openCheckout({}, [vagdevi25]);
    expect(
      screen.getByText(
        'Secure payment: your card or wallet details are used for this payment only and never stored on this site.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/kept by our payment provider/)).not.toBeInTheDocument();
  });

  test('an address that already has an account is said by the e-mail field, with a sign-in link that returns', async () => {
    const { user } = await openCheckout({
      'POST /auth/register': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_error',
              message: 'taken',
              fields: { email: 'An account with this e-mail already exists. Log in instead.' },
            },
          },
          400,
        ),
    });
    const group = screen.getByRole('group', { name: 'Monthly gifts need an account' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled(), { timeout: 3000 });
    await enter(user, 'Email', 'asha@example.org');
    await user.type(within(group).getByLabelText(/^Password/), 'a long enough password');
    await user.click(within(group).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/already/i, { selector: '.field__error' })).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
