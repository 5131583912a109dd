import type { StaffOrderDetail } from '@store/shared/staff';
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

async function openOrder(answers: Array<() => Response>, order: Partial<StaffOrderDetail> = {}) {
  let call = 0;
  const opened = await openAdmin('/admin/orders/order-1', {
    'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
    'GET /api/staff/orders/order-1': () => jsonResponse(cardOrder(order)),
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

type User = Awaited<ReturnType<typeof openAdmin>>['user'];

async function review(user: User, amount: string, reason: string) {
  await user.click(screen.getByRole('radio', { name: 'Refund part' }));
  const field = screen.getByLabelText(/^Amount in dollars/);
  await user.clear(field);
  await user.type(field, amount);
  await user.clear(screen.getByLabelText('Reason'));
  await user.type(screen.getByLabelText('Reason'), reason);
  await user.click(screen.getByRole('button', { name: 'Review refund' }));
}

describe('the refund form (/admin/orders/:id)', () => {
  test('refunds part: an empty amount, sent as integer cents with an Idempotency-Key; shows the corrected receipt', async () => {
    const { user, api } = await openOrder([() => refunded(1_234, 'Duplicate gift')]);
    // Nothing is chosen and no amount is filled in: one slip cannot refund everything.
    expect(screen.getByRole('radio', { name: 'Refund all ($75.00)' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Refund part' })).not.toBeChecked();
    expect(screen.queryByLabelText(/^Amount in dollars/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Refund part' }));
    expect(screen.getByLabelText('Amount in dollars (at most $75.00)')).toHaveValue('');
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

    // What is left now is offered, and the choice starts again from nothing.
    expect(screen.getByRole('radio', { name: 'Refund all ($65.00)' })).not.toBeChecked();
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

  test('"Refund all" of a gift never refunded refunds the whole of it, after the confirm step', async () => {
    const { user, api } = await openOrder([() => refunded(10_000, 'Paid twice', 10_000)], { refundedCents: 0 });
    await user.click(screen.getByRole('radio', { name: 'Refund all ($100.00)' }));
    expect(screen.queryByLabelText(/^Amount in dollars/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Paid twice');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText(/Refund \$100\.00 of \$100\.00 to Ravi Kumar's card\?/)).toBeInTheDocument();
    expect(api.requests('POST /api/staff/orders/order-1/refunds')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Refund $100.00' }));
    await screen.findByText(/Refunded \$100\.00/);
    expect(api.requests('POST /api/staff/orders/order-1/refunds')[0]?.body).toEqual({
      amountCents: 10_000,
      reason: 'Paid twice',
    });
  });

  test('"Refund all" of a partly refunded gift refunds exactly what is left, chosen with the keyboard', async () => {
    const { user, api } = await openOrder([() => refunded(7_500, 'The rest')]);
    // Tab into the group, then an arrow key chooses: native radio buttons.
    screen.getByRole('radio', { name: 'Refund part' }).focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Refund all ($75.00)' })).toBeChecked();
    await user.type(screen.getByLabelText('Reason'), 'The rest');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund $75.00' }));
    await screen.findByText(/Refunded \$75\.00/);
    expect(api.requests('POST /api/staff/orders/order-1/refunds')[0]?.body).toEqual({
      amountCents: 7_500,
      reason: 'The rest',
    });
  });

  test('asks for a choice before anything is reviewed, and says the reason stays in the back office', async () => {
    const { user, api } = await openOrder([]);
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      "For the back office only: the donor's receipt does not show it.",
    );
    await user.type(screen.getByLabelText('Reason'), 'Typo');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByRole('group', { name: 'How much' })).toHaveAccessibleDescription(
      'Choose "Refund all" or "Refund part".',
    );
    expect(api.requests('POST /api/staff/orders/order-1/refunds')).toHaveLength(0);
  });
});
