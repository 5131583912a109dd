import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { cardOrder, LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function refunded(amountCents: number, reason: string, total = 2_500 + amountCents) {
  return jsonResponse({
    refund: {
      id: `refund-${amountCents}`,
      kind: 'refund',
      amountCents,
      reason,
      status: 'succeeded',
      failureMessage: null,
      staffName: 'asha',
      createdAt: '2026-11-27T10:00:00.000Z',
    },
    order: cardOrder({ refundedCents: total, correctedReceiptNumber: '2026-000042-C1' }),
  });
}

async function openOrder(answers: Array<() => Response>) {
  let call = 0;
  const opened = await openAdmin('/admin/orders/order-1', {
    'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
    'GET /api/staff/orders/order-1': () => jsonResponse(cardOrder()),
    'POST /api/staff/orders/order-1/refunds': () => {
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      if (!answer) throw new Error('no answer');
      return answer();
    },
  });
  await screen.findByRole('heading', { level: 2, name: 'Order of Ravi Kumar' }, LAZY);
  return opened;
}

async function review(user: Awaited<ReturnType<typeof openAdmin>>['user'], amount: string, reason: string) {
  const field = screen.getByLabelText(/^Amount in dollars/);
  await user.clear(field);
  await user.type(field, amount);
  await user.clear(screen.getByLabelText('Reason'));
  await user.type(screen.getByLabelText('Reason'), reason);
  await user.click(screen.getByRole('button', { name: 'Review refund' }));
}

describe('the refund form (/admin/orders/:id)', () => {
  test('offers what is left, sends integer cents with an Idempotency-Key, and shows the corrected receipt', async () => {
    const { user, api } = await openOrder([() => refunded(1_234, 'Duplicate gift')]);
    expect(screen.getByLabelText('Amount in dollars (at most $75.00)')).toHaveValue('75.00');
    await review(user, '12.34', 'Duplicate gift');

    expect(screen.getByText(/Refund \$12\.34 of \$100\.00 to Ravi Kumar's card\?/)).toBeInTheDocument();
    await user.dblClick(screen.getByRole('button', { name: 'Refund $12.34' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Refunded $12.34. Corrected receipt: 2026-000042-C1.');
    const sent = api.requests('POST /api/staff/orders/order-1/refunds');
    // A double click refunds once.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amountCents: 1234, reason: 'Duplicate gift' });
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.getByText('2026-000042-C1', { selector: 'dd' })).toBeInTheDocument();
  });

  test('a retry after a gateway failure reuses the attempt key; the next refund gets a new one', async () => {
    const gatewayDown = () =>
      jsonResponse({ error: { code: 'gateway_error', message: 'The card processor did not answer. Try again.' } }, 502);
    const { user, api } = await openOrder([
      gatewayDown,
      () => refunded(1_000, 'Asked by donor'),
      () => refunded(500, 'Again', 4_000),
    ]);
    await review(user, '10', 'Asked by donor');
    await user.click(screen.getByRole('button', { name: 'Refund $10.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card processor did not answer. Try again.');

    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund $10.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Refunded $10.00.');

    // What is left now is offered.
    expect(screen.getByLabelText('Amount in dollars (at most $65.00)')).toHaveValue('65.00');
    await review(user, '5', 'Again');
    await user.click(screen.getByRole('button', { name: 'Refund $5.00' }));
    await screen.findByText(/Refunded \$5\.00/);

    const keys = api.requests('POST /api/staff/orders/order-1/refunds').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('checks the amount before sending: dollars only, more than 0, at most what is left', async () => {
    const { user, api } = await openOrder([]);
    await review(user, '12.345', 'Typo');
    expect(screen.getByText('Enter an amount in dollars, like 25 or 25.50.')).toBeInTheDocument();
    await review(user, '0', 'Typo');
    expect(screen.getByText('Amount must be more than 0.')).toBeInTheDocument();
    await review(user, '80', 'Typo');
    expect(screen.getByText('At most $75.00 is left to refund.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount in dollars (at most $75.00)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests('POST /api/staff/orders/order-1/refunds')).toHaveLength(0);
  });

  test("the server's refusal is shown by its field", async () => {
    const conflict = () =>
      jsonResponse(
        {
          error: {
            code: 'refund_too_large',
            message: 'The refund is more than what is left.',
            fields: { amountCents: 'must be at most what is left ($5.00)' },
          },
        },
        409,
      );
    const { user } = await openOrder([conflict]);
    await review(user, '50', 'Returned');
    await user.click(screen.getByRole('button', { name: 'Refund $50.00' }));
    expect(await screen.findByText('Amount must be at most what is left ($5.00).')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The refund is more than what is left.');
    expect(screen.getByLabelText('Amount in dollars (at most $75.00)')).toHaveFocus();
  });
});
