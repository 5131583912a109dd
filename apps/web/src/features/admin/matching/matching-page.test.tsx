/**
 * /admin/matching: the flagged gifts with their status, the "Mark matched" form refusing
 * a bad entry by field (before sending, and as the server refuses it), the row matched after, and a
 * gift matched meanwhile (409) said in words with the list read again, never an error page.
 */
import type { MatchingGift } from '@store/shared/matching';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

function gift(overrides: Partial<MatchingGift> = {}): MatchingGift {
  return {
    orderId: 'order-1',
    createdAt: '2026-11-20T15:00:00.000Z',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.org',
    employer: 'Acme Corp',
    amountCents: 10_000,
    refundedCents: 0,
    currency: 'USD',
    centerName: 'Dallas Center, Texas',
    receiptNumber: '2026-000041',
    match: null,
    ...overrides,
  };
}
const matched = gift({
  orderId: 'order-2',
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi@example.org',
  employer: 'Globex',
  receiptNumber: '2026-000040',
  match: {
    orderId: 'match-2',
    amountCents: 5_000,
    receivedOn: '2026-11-25',
    method: 'bank_transfer',
    reference: 'GX-77',
    receiptNumber: '2026-000050',
  },
});
const OPEN_DAYS = { earliest: '2025-01-01', latest: '2026-11-28' };
const refusedReference = () =>
  jsonResponse(
    {
      error: {
        code: 'validation_error',
        message: 'Invalid request body: reference: must not contain NUL characters',
        fields: { reference: 'must not contain NUL characters' },
      },
    },
    400,
  );

async function openMatching(mark: () => Response) {
  let listed = [gift(), matched];
  const opened = await openAdmin('/admin/matching', {
    'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
    'GET /api/staff/matching': () => jsonResponse({ gifts: listed, nextCursor: null }),
    'GET /api/staff/offline-gifts/dates': () => jsonResponse(OPEN_DAYS),
    'POST /api/staff/matching/order-1/match': () => {
      const answer = mark();
      if (answer.status === 409) listed = [{ ...gift(), match: matched.match }, matched];
      return answer;
    },
  });
  const table = await screen.findByRole('table', { name: 'Employer matching' }, LAZY);
  return { ...opened, table };
}

describe('employer matching (/admin/matching)', () => {
  test('lists the gifts; the mark form refuses by field, then records the match and the row reads matched', async () => {
    const answers = [
      refusedReference,
      () =>
        jsonResponse(
          {
            ...gift(),
            match: { ...matched.match, orderId: 'm1', amountCents: 10_000, method: 'cheque', reference: 'CH-4411' },
          },
          201,
        ),
    ];
    const { user, api, table } = await openMatching(() => (answers.shift() ?? refusedReference)());
    const [, asha, ravi] = within(table).getAllByRole('row');
    expect(asha).toHaveTextContent('Asha Rao');
    expect(asha).toHaveTextContent('Acme Corp');
    expect(asha).toHaveTextContent('$100.00');
    expect(asha).toHaveTextContent('2026-000041');
    expect(asha).toHaveTextContent('Awaiting');
    expect(ravi).toHaveTextContent('Matched $50.00');
    expect(ravi).toHaveTextContent('Nov 25, 2026 · Bank transfer GX-77');
    expect(within(ravi as HTMLElement).queryByRole('button', { name: /Mark matched/ })).toBeNull();

    await user.click(within(asha as HTMLElement).getByRole('button', { name: 'Mark matched: Acme Corp, Asha Rao' }));
    const form = screen.getByRole('region', { name: 'Mark matched: Acme Corp' });
    expect(within(form).getByLabelText('Amount received (dollars)')).toHaveValue('100.00');
    expect(within(form).getByLabelText('Received on')).toHaveValue('2026-11-28');
    await user.clear(within(form).getByLabelText('Amount received (dollars)'));
    await user.type(within(form).getByLabelText('Amount received (dollars)'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Record the match' }));
    expect(within(form).getByText('Enter an amount in dollars, like 25 or 25.50.')).toBeInTheDocument();
    expect(within(form).getByText('Cheque number is required.')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/matching/order-1/match')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Amount received (dollars)'));
    await user.type(within(form).getByLabelText('Amount received (dollars)'), '100');
    await user.type(within(form).getByLabelText('Cheque number'), 'CH-4411');
    await user.click(within(form).getByRole('button', { name: 'Record the match' }));
    expect(await within(form).findByText('Cheque number must not contain NUL characters.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record the match' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Marked matched: $100.00 from Acme Corp, recorded as offline gift 2026-000050.',
    );
    expect(api.requests('POST /api/staff/matching/order-1/match').map((r) => r.body)).toEqual([
      { amountCents: 10_000, receivedOn: '2026-11-28', method: 'cheque', reference: 'CH-4411' },
      { amountCents: 10_000, receivedOn: '2026-11-28', method: 'cheque', reference: 'CH-4411' },
    ]);
    expect(screen.queryByRole('region', { name: 'Mark matched: Acme Corp' })).toBeNull();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Matched $100.00');
  });

  test('a gift matched meanwhile is said in words and the list is read again', async () => {
    const conflict = () =>
      jsonResponse({ error: { code: 'conflict', message: 'This gift is already marked matched.' } }, 409);
    const { user, table } = await openMatching(conflict);
    const [, asha] = within(table).getAllByRole('row');
    await user.click(within(asha as HTMLElement).getByRole('button', { name: /Mark matched/ }));
    await user.type(screen.getByLabelText('Cheque number'), 'CH-1');
    await user.click(screen.getByRole('button', { name: 'Record the match' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "This gift was already marked matched: the employer's payment is recorded once.",
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Employer matching' })).getAllByRole('row')[1]).toHaveTextContent(
        'Matched $50.00',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
