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
  paymentMethod: null,
});

const CLOSED_YEAR = {
  error: {
    code: 'validation_error',
    message: 'receivedOn: must be on or after January 1, 2025: earlier tax years are closed',
    fields: { receivedOn: 'must be on or after January 1, 2025: earlier tax years are closed' },
  },
};

async function openForm(recorded: () => Response = () => jsonResponse(gift, 201)) {
  const opened = await openAdmin('/admin/offline-gift', {
    'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
    'GET /api/staff/offline-gifts/dates': () => jsonResponse({ earliest: '2025-01-01', latest: '2026-11-28' }),
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
    // Said once, at the field: not again below the button with the request's name for it.
    expect(screen.queryByText(/receivedOn/)).not.toBeInTheDocument();
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
});
