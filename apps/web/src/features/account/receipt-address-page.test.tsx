import { authMessages } from '@store/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { rememberSession } from '#src/lib/session-hint';
import { ashaActivity } from '#src/test/auth-fixture';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAccountPage, signedInHandlers } from './account-test-helpers';

const TOKEN = '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e09.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const GIFT = {
  donorName: 'Asha Rao',
  center: 'Toronto Center, Canada',
  amount: 151,
  date: '2026-11-28T16:10:00.000Z',
  receiptNumber: null,
};
const ISSUED = {
  receiptNumber: '2026-000042',
  message: 'Your official receipt 2026-000042 has been issued and e-mailed to you.',
};

type User = Awaited<ReturnType<typeof openAccountPage>>['user'];

async function typeAddress(user: User, postalCode = 'm2n1a1') {
  await user.type(await screen.findByLabelText('Street address', {}, LAZY), '12 Finch Ave');
  await user.type(screen.getByLabelText('City'), 'Toronto');
  await user.type(screen.getByLabelText('Province'), 'Ontario');
  await user.type(screen.getByLabelText('Postal code'), postalCode);
  await user.click(screen.getByRole('button', { name: 'Issue my official receipt' }));
}

describe('/receipt-address?token=…', () => {
  test('shows the gift, sends the address with the token, and says the official receipt was issued', async () => {
    const { user, api } = await openAccountPage(`/receipt-address?token=${encodeURIComponent(TOKEN)}`, {
      'GET /api/public/receipt-address': () => jsonResponse(GIFT),
      'POST /api/public/receipt-address': () => jsonResponse(ISSUED),
    });
    expect(await screen.findByText('Toronto Center, Canada', { exact: false }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(/This is not an official receipt for income tax purposes\./)).toBeInTheDocument();
    await typeAddress(user);
    expect(await screen.findByRole('status')).toHaveTextContent(ISSUED.message);
    expect(screen.queryByRole('button', { name: 'Issue my official receipt' })).toBeNull();
    // The shared rule sends the province's code and the postal code as Canada Post writes it.
    expect(api.requests('POST /api/public/receipt-address').map((r) => r.body)).toEqual([
      { token: TOKEN, street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
    ]);
  });

  test('a postal code that is not Canadian is named by its field, and nothing is sent', async () => {
    const { user, api } = await openAccountPage(`/receipt-address?token=${encodeURIComponent(TOKEN)}`, {
      'GET /api/public/receipt-address': () => jsonResponse(GIFT),
    });
    await typeAddress(user, '75034');
    await waitFor(() =>
      expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription(
        'Postal code must be a Canadian postal code, such as M1V 1S8',
      ),
    );
    expect(api.requests('POST /api/public/receipt-address')).toHaveLength(0);
  });

  test('a link that is refused says so, with the way through the dashboard', async () => {
    const refused = { error: { code: 'invalid_token', message: authMessages.invalidToken, fields: { token: 'x' } } };
    await openAccountPage(`/receipt-address?token=${encodeURIComponent(TOKEN)}`, {
      'GET /api/public/receipt-address': () => jsonResponse(refused, 400),
    });
    expect(await screen.findByText(authMessages.invalidToken, {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test('a receipt already issued is said with its number, and no form is shown', async () => {
    await openAccountPage(`/receipt-address?token=${encodeURIComponent(TOKEN)}`, {
      'GET /api/public/receipt-address': () => jsonResponse({ ...GIFT, receiptNumber: '2026-000041' }),
    });
    expect(
      await screen.findByText('Your official receipt was already issued. Its number is 2026-000041.', {}, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue my official receipt' })).toBeNull();
  });
});

describe('/dashboard: receipts waiting for the address', () => {
  // This browser has signed in (lib/session-hint.ts).
  beforeEach(() => rememberSession());

  test('a gift waiting for its address gets the form; the address issues its official receipt', async () => {
    const [first, ...others] = ashaActivity.donations;
    if (!first) throw new Error('the fixture has a donation');
    const waiting = { ...first, center: 'Toronto Center, Canada', awaitingAddress: true };
    const { user, api } = await openAccountPage(
      '/dashboard',
      signedInHandlers({
        'GET /auth/activity': () => jsonResponse({ ...ashaActivity, donations: [waiting, ...others] }),
        [`POST /api/account/receipts/${waiting.orderId}/address`]: () => jsonResponse(ISSUED),
      }),
    );
    const section = await screen.findByRole('region', { name: 'Official receipts waiting for your address' }, LAZY);
    expect(screen.getByText(`${waiting.receiptNumber} (not official)`)).toBeInTheDocument();
    await typeAddress(user);
    expect(await within(section).findByRole('status')).toHaveTextContent(ISSUED.message);
    expect(api.requests(`POST /api/account/receipts/${waiting.orderId}/address`).map((r) => r.body)).toEqual([
      { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
    ]);
  });

  test('no gift waiting: no such section', async () => {
    await openAccountPage('/dashboard', signedInHandlers());
    await screen.findByRole('heading', { name: 'Your Donations' }, LAZY);
    expect(screen.queryByRole('region', { name: 'Official receipts waiting for your address' })).toBeNull();
  });
});
