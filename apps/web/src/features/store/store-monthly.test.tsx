/** Issue 22: giving monthly from the store, and what the bucket then says is charged today and each month. */
import { ordinalDay } from '@store/shared/monthly-lines';
import { CART_STORAGE_KEY } from '@store/shared/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, renderApp } from '#src/test/render-app';
import { anyOther, catalogueFixture } from '#src/test/site-fixture';

const storedLines = () => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
const billingDay = () => ordinalDay(Math.min(new Date().getDate(), 28));

describe('giving monthly from the store', () => {
  test('One-time / Monthly beside the amount: Monthly adds a monthly line, and the bucket says today and each month', async () => {
    const { user } = await renderApp();
    const open = await screen.findByRole('article', { name: anyOther.name });
    const frequency = screen.getByRole('group', { name: 'How often' });
    expect(within(frequency).getByRole('button', { name: 'One-time' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(frequency).getByRole('button', { name: 'Monthly' }));
    expect(within(frequency).getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '$51' }));
    await user.click(within(open).getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(currentPath()).toBe('/cart'));

    const line = await screen.findByText('Any Other Donation - $51.00');
    expect(line).toHaveTextContent('Monthly');
    expect(screen.getByText('Today: $51.00')).toBeInTheDocument();
    expect(screen.getByText(`Then $51.00 on the ${billingDay()} of each month`)).toBeInTheDocument();
    expect(storedLines()).toEqual([expect.objectContaining({ id: anyOther.id, monthly: true, price: 51 })]);
  });

  test('a one-time gift shows no monthly summary', async () => {
    const { user } = await renderApp();
    const open = await screen.findByRole('article', { name: anyOther.name });
    await user.click(screen.getByRole('button', { name: '$51' }));
    await user.click(within(open).getByRole('button', { name: 'Donate' }));
    await screen.findByText('Any Other Donation - $51.00');
    expect(screen.queryByText(/^Today:/)).toBeNull();
    expect(storedLines()[0].monthly).toBeUndefined();
  });

  test('each concert tier offers "Give monthly" beside Donate', async () => {
    const { user } = await renderApp({ path: '/concert' });
    const [tier] = catalogueFixture.concert;
    if (!tier) throw new Error('the fixture has concert tiers');
    const card = await screen.findByRole('article', { name: tier.name }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: `Give monthly: ${tier.name}` }));
    await waitFor(() => expect(currentPath()).toBe('/cart'));
    expect(storedLines()).toEqual([expect.objectContaining({ id: tier.id, monthly: true, key: `${tier.id}:monthly` })]);
    expect(await screen.findByText(/^Then .* of each month$/)).toBeInTheDocument();
  });

  test('the book (not a cause, not a tier) has no monthly choice', async () => {
    await renderApp();
    const book = await screen.findByRole('article', {
      name: catalogueFixture.items.find((i) => i.id === 9)?.name ?? '',
    });
    expect(within(book).queryByRole('button', { name: /Give monthly/ })).toBeNull();
  });
});
