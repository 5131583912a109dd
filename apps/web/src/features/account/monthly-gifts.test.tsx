import type { MonthlyGift } from '@store/shared/monthly-giving';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiClientError } from '#src/lib/api-client';
import { checkoutDoubles, stubApi } from '#src/test/checkout-doubles';
import { MonthlyGifts, NO_MONTHLY_GIFTS } from './monthly-gifts';
import type { MonthlyGiftsApi } from './monthly-gifts-api';

const gift: MonthlyGift = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'active',
  pausedReason: null,
  amount: 51,
  itemId: 7,
  itemName: 'Vagdevi Vidya Peetham',
  openAmount: true,
  tiers: [],
  centerName: 'Austin',
  billingDay: 27,
  nextChargeOn: '2026-12-27',
  failedAttempts: 0,
  card: { brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2029 },
  createdAt: '2026-11-27T16:00:00.000Z',
  cancelledAt: null,
  charges: [{ orderId: 'o1', date: '2026-11-27', amount: 51, status: 'succeeded', receiptNumber: 'SDF-2026-000042' }],
};

const TIERS = [
  { id: 101, name: 'Concert Supporter', amount: 10 },
  { id: 102, name: 'Concert Patron', amount: 500 },
  { id: 103, name: 'Concert Benefactor', amount: 2500 },
];

/** A concert tier given monthly: its amount is its price. */
const patron: MonthlyGift = {
  ...gift,
  id: '22222222-2222-4222-8222-222222222222',
  amount: 500,
  itemId: 102,
  itemName: 'Concert Patron',
  openAmount: false,
  tiers: TIERS,
};

/** A fake API holding one gift's state, changed as the server would. */
function fakeApi(start: MonthlyGift[]) {
  let gifts = start;
  const change = (id: string, next: Partial<MonthlyGift>) => {
    gifts = gifts.map((g) => (g.id === id ? { ...g, ...next } : g));
    const found = gifts.find((g) => g.id === id);
    if (!found) throw new Error('no gift');
    return found;
  };
  const api = {
    list: vi.fn(async () => ({ gifts })),
    changeAmount: vi.fn(async (id: string, amount: number) => change(id, { amount })),
    changeTier: vi.fn(async (id: string, tierId: number) => {
      const tier = TIERS.find((t) => t.id === tierId);
      if (!tier)
        throw new ApiClientError('This tier is not offered. Please choose another.', 400, 'validation_error', {
          tierId: 'This tier is not offered. Please choose another.',
        });
      return change(id, { itemId: tier.id, itemName: tier.name, amount: tier.amount });
    }),
    act: vi.fn(async (id: string, action: 'pause' | 'resume' | 'cancel') => {
      if (action === 'pause') change(id, { status: 'paused', pausedReason: 'donor', nextChargeOn: null });
      if (action === 'resume') change(id, { status: 'active', pausedReason: null, nextChargeOn: '2026-12-27' });
      if (action === 'cancel') change(id, { status: 'cancelled', nextChargeOn: null, cancelledAt: 'now' });
    }),
    updateCard: vi.fn(async (id: string, _nonce: string) =>
      change(id, { card: { brand: 'MasterCard', lastFour: '4444', expMonth: 11, expYear: 2030 } }),
    ),
    setCoverFee: vi.fn(async (id: string, coverFee: boolean) => change(id, { coverFee })),
  } satisfies MonthlyGiftsApi;
  return api;
}

async function show(api: MonthlyGiftsApi) {
  // The card widget asks the API for a client token.
  stubApi();
  const doubles = checkoutDoubles();
  const user = userEvent.setup();
  render(doubles.wrap(<MonthlyGifts api={api} />));
  return { user, doubles };
}

describe('Monthly gifts on the dashboard', () => {
  test('says so when there are none', async () => {
    await show(fakeApi([]));
    expect(await screen.findByText(NO_MONTHLY_GIFTS)).toBeInTheDocument();
  });

  test('shows each gift: amount, cause, center, next date, card and history', async () => {
    await show(fakeApi([gift]));
    const card = await screen.findByRole('article', { name: gift.itemName });
    expect(card).toHaveTextContent('$51.00 a month');
    expect(card).toHaveTextContent('Austin');
    expect(card).toHaveTextContent('Dec 27, 2026 (the 27th of each month)');
    expect(card).toHaveTextContent('Visa ending in 1111, exp 12/29');
    const history = within(card).getByRole('table', { name: `Charges of ${gift.itemName}` });
    expect(history).toHaveTextContent('SDF-2026-000042');
    expect(history).toHaveTextContent('Paid');
  });

  test('covering the processing fee: the box says what it adds a month, and unticking saves at once', async () => {
    const api = fakeApi([{ ...gift, coverFee: true, fee: 1.84 }]);
    const { user } = await show(api);
    const card = await screen.findByRole('article', { name: gift.itemName });
    const box = within(card).getByRole('checkbox', {
      name: 'Cover the processing fee so that all of my gift reaches the foundation (+$1.84 a month)',
    });
    expect(box).toBeChecked();
    await user.click(box);
    expect(api.setCoverFee).toHaveBeenCalledWith(gift.id, false);
    await waitFor(() => expect(box).not.toBeChecked());
  });

  test('a gift paused for a declined card says to update the card', async () => {
    await show(fakeApi([{ ...gift, status: 'paused', pausedReason: 'card_declined', nextChargeOn: null }]));
    const card = await screen.findByRole('article', { name: gift.itemName });
    expect(card).toHaveTextContent('Paused: your card was declined. Update your card to continue.');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  test('changes the amount inline, refusing a bad one by the field', async () => {
    const api = fakeApi([gift]);
    const { user } = await show(api);
    await user.click(await screen.findByRole('button', { name: 'Change amount' }));
    const input = screen.getByLabelText('New monthly amount (USD)');
    await user.clear(input);
    await user.type(input, '0.5');
    await user.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(screen.getByText('Please enter an amount of at least $1.00.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.changeAmount).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '75');
    await user.click(screen.getByRole('button', { name: 'Save amount' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: gift.itemName })).toHaveTextContent('$75.00 a month'),
    );
    expect(api.changeAmount).toHaveBeenCalledWith(gift.id, 75);
  });

  test('offers a concert tier no amount to type, only another tier at its price', async () => {
    const api = fakeApi([patron]);
    const { user } = await show(api);
    const card = await screen.findByRole('article', { name: 'Concert Patron' });
    expect(within(card).queryByRole('button', { name: 'Change amount' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Change tier' }));
    expect(screen.queryByLabelText('New monthly amount (USD)')).toBeNull();
    const select = screen.getByLabelText('Tier, at its monthly price');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Concert Supporter: $10.00', 'Concert Patron: $500.00 (now)', 'Concert Benefactor: $2,500.00']);
    await user.selectOptions(select, '103');
    await user.click(screen.getByRole('button', { name: 'Save tier' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Concert Benefactor' })).toHaveTextContent('$2,500.00 a month'),
    );
    expect(api.changeTier).toHaveBeenCalledWith(patron.id, 103);
    expect(api.changeAmount).not.toHaveBeenCalled();
  });

  test('shows the server’s refusal of a tier on the field', async () => {
    const api = fakeApi([patron]);
    api.changeTier.mockRejectedValueOnce(
      new ApiClientError('This tier is not offered. Please choose another.', 400, 'validation_error', {
        tierId: 'This tier is not offered. Please choose another.',
      }),
    );
    const { user } = await show(api);
    await user.click(await screen.findByRole('button', { name: 'Change tier' }));
    await user.selectOptions(screen.getByLabelText('Tier, at its monthly price'), '101');
    await user.click(screen.getByRole('button', { name: 'Save tier' }));
    expect(await screen.findByText('This tier is not offered. Please choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText('Tier, at its monthly price')).toHaveAttribute('aria-invalid', 'true');
  });

  test('offers an open amount no tier', async () => {
    await show(fakeApi([gift]));
    const card = await screen.findByRole('article', { name: gift.itemName });
    expect(within(card).queryByRole('button', { name: 'Change tier' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Change amount' })).toBeInTheDocument();
  });

  test('pauses, resumes, and cancels only after the confirmation', async () => {
    const api = fakeApi([gift]);
    const { user } = await show(api);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const card = () => screen.getByRole('article', { name: gift.itemName });
    await waitFor(() => expect(card()).toHaveTextContent('Paused'));
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(card()).toHaveTextContent('Dec 27, 2026'));
    await user.click(screen.getByRole('button', { name: 'Cancel gift' }));
    expect(api.act).not.toHaveBeenCalledWith(gift.id, 'cancel');
    await user.click(screen.getByRole('button', { name: 'Keep the gift' }));
    await user.click(screen.getByRole('button', { name: 'Cancel gift' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the gift' }));
    await waitFor(() => expect(card()).toHaveTextContent('Cancelled'));
    expect(within(card()).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(api.act.mock.calls.map(([, action]) => action)).toEqual(['pause', 'resume', 'cancel']);
  });

  test('updates the card with the checkout’s card widget; a refused card is said in the gateway’s words', async () => {
    const api = fakeApi([gift]);
    api.updateCard.mockRejectedValueOnce(new ApiClientError('Your card was declined.', 402));
    const { user, doubles } = await show(api);
    await user.click(await screen.findByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('Card widget 1')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save card' })).not.toHaveAttribute('aria-disabled', 'true'),
    );
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await waitFor(() => expect(doubles.widgets.length).toBeGreaterThan(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save card' })).not.toHaveAttribute('aria-disabled', 'true'),
    );
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: gift.itemName })).toHaveTextContent(
        'MasterCard ending in 4444, exp 11/30',
      ),
    );
    expect(api.updateCard).toHaveBeenLastCalledWith(gift.id, 'fake-valid-nonce');
  });
});
