import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { cardOrder, LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const gift = cardOrder({
  id: 'order-9',
  source: 'offline',
  refundedCents: 0,
  offlineMethod: 'cheque',
  offlineReference: '1042',
  receivedOn: '2026-11-25',
  paymentMethod: 'Cheque no. 1042',
  transactionId: null,
  products: [{ name: 'Any Other Donation', unitCents: 10_000, quantity: 1, note: 'For the new roof' }],
});

const CLOSED_YEAR = {
  error: {
    code: 'validation_error',
    message: 'The date received must be on or after January 1, 2025: earlier tax years are closed.',
    fields: { receivedOn: 'must be on or after January 1, 2025: earlier tax years are closed' },
  },
};

/** How the server's schema check answers: its message is for an API client and names the request's fields. */
const FUTURE_DAY = {
  error: {
    code: 'validation_error',
    message: 'Invalid request body: receivedOn: cannot be in the future',
    fields: { receivedOn: 'cannot be in the future' },
  },
};

const OPEN_DAYS = { earliest: '2025-01-01', latest: '2026-11-28' };

async function openForm(recorded: () => Response = () => jsonResponse(gift, 201), dates = OPEN_DAYS) {
  const opened = await openAdmin('/admin/offline-gift', {
    'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
    'GET /api/staff/offline-gifts/dates': () => jsonResponse(dates),
    'POST /api/staff/offline-gifts': recorded,
    'GET /api/staff/orders/order-9': () => jsonResponse(gift),
  });
  await screen.findByRole('heading', { level: 2, name: 'Offline gift' }, LAZY);
  // The centers arrive from GET /api/public/centers.
  await screen.findByRole('option', { name: 'Dallas Center, Texas' });
  return opened;
}

describe('the offline gift form (/admin/offline-gift)', () => {
  test('a cheque needs its number: refused by the field, nothing sent', async () => {
    const { user, api } = await openForm();
    expect(screen.getByLabelText('Method')).toHaveValue('cheque');
    await user.type(screen.getByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Last name'), 'Kumar');
    await user.type(screen.getByLabelText('E-mail'), 'ravi@example.org');
    await user.selectOptions(screen.getByLabelText('Center'), 'Dallas Center, Texas');
    await user.type(screen.getByLabelText('Amount in dollars'), '250');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));

    const reference = screen.getByLabelText('Cheque number');
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the cheque number.')).toBeInTheDocument();
    expect(reference).toHaveFocus();
    expect(api.requests('POST /api/staff/offline-gifts')).toHaveLength(0);

    // Cash needs none.
    await user.selectOptions(screen.getByLabelText('Method'), 'Cash');
    expect(screen.getByLabelText('Reference (optional)')).toBeInTheDocument();
  });

  test('sends the shared request in cents with an Idempotency-Key and opens the new order', async () => {
    const { user, api } = await openForm();
    await user.type(screen.getByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Last name'), 'Kumar');
    await user.type(screen.getByLabelText('E-mail'), 'ravi@example.org');
    await user.selectOptions(screen.getByLabelText('Center'), 'Dallas Center, Texas');
    await user.type(screen.getByLabelText('Amount in dollars'), '1,250.50');
    await user.type(screen.getByLabelText('Cheque number'), '1042');
    const received = screen.getByLabelText('Date received');
    await user.clear(received);
    await user.type(received, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Order of Ravi Kumar' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/orders/order-9');
    const [sent] = api.requests('POST /api/staff/offline-gifts');
    expect(sent?.body).toEqual({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.org',
      centerId: 2,
      amountCents: 125_050,
      method: 'cheque',
      reference: '1042',
      receivedOn: '2026-11-25',
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('offers the open tax years only, and shows the server refusing a closed one at the field', async () => {
    const { user, api } = await openForm(() => jsonResponse(CLOSED_YEAR, 400));
    const received = screen.getByLabelText('Date received');
    await waitFor(() => expect(received).toHaveAttribute('min', '2025-01-01'));
    expect(received).toHaveAttribute('max', '2026-11-28');

    await user.type(screen.getByLabelText('First name'), 'Ravi');
    await user.type(screen.getByLabelText('Last name'), 'Kumar');
    await user.type(screen.getByLabelText('E-mail'), 'ravi@example.org');
    await user.selectOptions(screen.getByLabelText('Center'), 'Dallas Center, Texas');
    await user.type(screen.getByLabelText('Amount in dollars'), '50');
    await user.selectOptions(screen.getByLabelText('Method'), 'Cash');
    await user.clear(received);
    await user.type(received, '2024-12-31');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));

    expect(
      await screen.findByText('Date received must be on or after January 1, 2025: earlier tax years are closed.'),
    ).toBeInTheDocument();
    expect(received).toHaveAttribute('aria-invalid', 'true');
    expect(received).toHaveFocus();
    // Said at the field; below the button in words, never with the request's name for it.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'One entry needs correcting: see the message at the field above.',
    );
    expect(document.body).not.toHaveTextContent(/receivedOn/);
    expect(api.requests('POST /api/staff/offline-gifts')[0]?.body).toMatchObject({ receivedOn: '2024-12-31' });
    expect(currentPath()).toBe('/admin/offline-gift');
  });

  test('empty fields are refused by the shared schema, each by its field', async () => {
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText('Method'), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('E-mail must be an e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Select a center.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
  });
  test("starts the date on today at the foundation (the server's last open day), not the browser's", async () => {
    // A day that is nobody's today here: only the server's window can have put it in the field.
    await openForm(undefined, { earliest: '2025-01-01', latest: '2026-06-30' });
    await waitFor(() => expect(screen.getByLabelText('Date received')).toHaveValue('2026-06-30'));
  });

  test("a field the server refuses is said at the field, and in words below: never the request's own name", async () => {
    const { user } = await openForm(() => jsonResponse(FUTURE_DAY, 400));
    await fillDonor(user);
    await user.selectOptions(screen.getByLabelText('Method'), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));

    expect(await screen.findByText('Date received cannot be in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date received')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'One entry needs correcting: see the message at the field above.',
    );
    expect(document.body).not.toHaveTextContent(/receivedOn|Invalid request body/);
  });

  test('offers the causes (the open-amount items) beside the note, and sends the one chosen', async () => {
    const { user, api } = await openForm();
    const cause = screen.getByLabelText('Given for');
    const offered = Array.from((cause as HTMLSelectElement).options).map((option) => option.text);
    expect(offered).toEqual(['No particular cause', 'SGS Vagdevi Center', 'Any Other Donation']);
    await fillDonor(user);
    await user.selectOptions(cause, 'Any Other Donation');
    await user.type(screen.getByLabelText('Note (optional)'), 'For the new roof');
    await user.type(screen.getByLabelText('Cheque number'), '1042');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));

    await screen.findByRole('heading', { level: 2, name: 'Order of Ravi Kumar' }, LAZY);
    expect(api.requests('POST /api/staff/offline-gifts')[0]?.body).toMatchObject({
      causeId: 8,
      description: 'For the new roof',
    });
  });

  test("asks a Canadian center's gift for the donor's address its receipt needs, and sends it", async () => {
    const { user, api } = await openForm();
    await fillDonor(user);
    await user.type(screen.getByLabelText('Cheque number'), '3001');
    expect(screen.queryByLabelText('Street address')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Center'), 'Toronto Center, Canada');
    expect(screen.getByRole('group', { name: 'Donor’s address for the Canadian tax receipt' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record the gift' }));
    expect(screen.getByText('Street address is required for an official receipt.')).toBeInTheDocument();
    expect(screen.getByText('Postal code must be a Canadian postal code, such as M1V 1S8.')).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveFocus();
    expect(api.requests('POST /api/staff/offline-gifts')).toHaveLength(0);

    await user.type(screen.getByLabelText('Street address'), '100 Queen St W');
    await user.type(screen.getByLabelText('City'), 'Toronto');
    await user.type(screen.getByLabelText('Province'), 'Ontario');
    await user.type(screen.getByLabelText('Postal code'), 'm5h2n2');
    await user.click(screen.getByRole('button', { name: 'Record the gift' }));
    await screen.findByRole('heading', { level: 2, name: 'Order of Ravi Kumar' }, LAZY);
    expect(api.requests('POST /api/staff/offline-gifts')[0]?.body).toMatchObject({
      centerId: 7,
      donorAddress: { street: '100 Queen St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2' },
    });
  });

  test("the gift's page labels its payment by method (a cheque is not a card) and shows the cause's note", async () => {
    await openAdmin('/admin/orders/order-9', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/orders/order-9': () => jsonResponse(gift),
    });
    await screen.findByRole('heading', { level: 2, name: 'Order of Ravi Kumar' }, LAZY);
    const method = screen.getByText('Cheque no. 1042');
    expect(method.previousElementSibling).toHaveTextContent(/^Cheque$/);
    expect(screen.queryByText('Card')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Any Other Donation/ })).toHaveTextContent(
      'Any Other DonationFor the new roof',
    );
  });
});

async function fillDonor(user: Awaited<ReturnType<typeof openForm>>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ravi');
  await user.type(screen.getByLabelText('Last name'), 'Kumar');
  await user.type(screen.getByLabelText('E-mail'), 'ravi@example.org');
  await user.selectOptions(screen.getByLabelText('Center'), 'Dallas Center, Texas');
  await user.type(screen.getByLabelText('Amount in dollars'), '100');
}
