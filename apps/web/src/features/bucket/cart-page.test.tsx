import { type CartLine, lineFor } from '@store/shared/cart';
import { CART_STORAGE_KEY } from '@store/shared/storage-keys';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { currentPath, renderApp } from '#src/test/render-app';
import { satakam, vagdevi } from '#src/test/site-fixture';

function seed(lines: CartLine[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}
const stored = (): CartLine[] => JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
const book = { ...lineFor(satakam) };
const vagdevi25 = lineFor(vagdevi, 2500);

/** The bucket's lines (the page's own list, not the site's links in the top bar and footer). */
const bucketLines = () => within(screen.getByRole('main')).getAllByRole('listitem');

describe('bucket (/cart)', () => {
  test('adding the same item twice gives one line with quantity 2', async () => {
    const { user } = await renderApp();
    for (let i = 0; i < 2; i++) {
      const article = await screen.findByRole('article', { name: satakam.name });
      await user.click(within(article).getByRole('button', { name: 'Donate' }));
      await screen.findByRole('heading', { name: 'Your Donation Bucket' });
      if (i === 0) await user.click(screen.getByRole('link', { name: 'Back to Store' }));
    }
    expect(bucketLines()).toHaveLength(1);
    expect(screen.getByLabelText(`Quantity of ${satakam.name}`)).toHaveTextContent('2');
    expect(screen.getByText('Total: $10.00')).toBeInTheDocument();
  });

  test('lists each line with name, unit price, controls and line total, the total and Checkout', async () => {
    seed([{ ...book, quantity: 2 }, vagdevi25]);
    await renderApp({ path: '/cart' });
    const items = await within(screen.getByRole('main')).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText(satakam.name)).toBeInTheDocument();
    expect(within(first).getByText('$5.00 each')).toBeInTheDocument();
    expect(within(first).getByText('$10.00')).toBeInTheDocument();
    expect(within(second).getByText('SGS Vagdevi Center - $25.00')).toBeInTheDocument();
    expect(within(second).getByText('$25.00 each')).toBeInTheDocument();
    expect(within(second).getByText('$25.00')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Remove SGS Vagdevi Center - $25.00' })).toHaveTextContent('✕');
    expect(screen.getByText('Total: $35.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  test('minus stops at 1, plus adds 1, each change toasts and is saved', async () => {
    seed([book]);
    const { user } = await renderApp({ path: '/cart' });
    const minus = await screen.findByRole('button', { name: `Decrease quantity of ${satakam.name}` });
    const plus = screen.getByRole('button', { name: `Increase quantity of ${satakam.name}` });
    const quantity = screen.getByLabelText(`Quantity of ${satakam.name}`);
    expect(minus).toBeDisabled();
    expect(quantity).toHaveTextContent('1');

    await user.click(plus);
    expect(quantity).toHaveTextContent('2');
    expect(minus).toBeEnabled();
    expect(await screen.findByText('Cart updated')).toBeInTheDocument();
    expect(stored()[0]?.quantity).toBe(2);
    expect(screen.getByText('Total: $10.00')).toBeInTheDocument();

    await user.click(minus);
    expect(quantity).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    expect(stored()[0]?.quantity).toBe(1);
  });

  test('remove deletes the line; an empty bucket says so and offers no Checkout', async () => {
    seed([book]);
    const { user } = await renderApp({ path: '/cart' });
    await user.click(await screen.findByRole('button', { name: `Remove ${satakam.name}` }));
    expect(screen.getByText('Your donation bucket is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('list')).toBeNull();
    expect(await screen.findByText('Cart updated')).toBeInTheDocument();
    expect(stored()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Proceed to Pay' })).toBeNull();
  });

  test('Undo after a remove puts the line back in its place with its quantity', async () => {
    seed([{ ...book, quantity: 3 }, vagdevi25]);
    const { user } = await renderApp({ path: '/cart' });
    await user.click(await screen.findByRole('button', { name: `Remove ${satakam.name}` }));
    expect(screen.getByText(`Removed ${satakam.name}.`)).toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    expect(screen.getByText('Total: $25.00')).toBeInTheDocument();

    await user.click(undo);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    const [first] = bucketLines();
    expect(within(first as HTMLElement).getByLabelText(`Quantity of ${satakam.name}`)).toHaveTextContent('3');
    expect(within(first as HTMLElement).getByText('$15.00')).toBeInTheDocument();
    expect(screen.getByText('Total: $40.00')).toBeInTheDocument();
    expect(stored()[0]).toMatchObject({ key: book.key, quantity: 3 });
  });

  test("'Proceed to Pay' is not shown on the bucket it would lead to", async () => {
    seed([book]);
    await renderApp({ path: '/cart' });
    await screen.findByLabelText(`Quantity of ${satakam.name}`);
    expect(screen.queryByRole('link', { name: 'Proceed to Pay' })).toBeNull();
  });

  test('the back link returns to the concert page when the visitor came from there', async () => {
    await renderApp({ path: '/cart', state: { from: 'concert' } });
    expect(await screen.findByRole('link', { name: 'Back to Concert Donations' })).toHaveAttribute('href', '/concert');
    expect(screen.queryByRole('link', { name: 'Back to Store' })).toBeNull();
  });

  test.each([undefined, { from: 'elsewhere' }, 'concert'])(
    'otherwise it returns to the store (state %j)',
    async (state) => {
      await renderApp({ path: '/cart', state });
      expect(await screen.findByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');
    },
  );

  test.each(['{not json', '{"a":1}', '[{"id":"x"}]', 'null'])(
    'a corrupt stored value %j gives an empty bucket',
    async (raw) => {
      window.localStorage.setItem(CART_STORAGE_KEY, raw);
      await renderApp({ path: '/cart' });
      expect(await screen.findByText('Your donation bucket is empty.')).toBeInTheDocument();
    },
  );

  test('a throwing localStorage does not break the bucket', async () => {
    const denied = () => {
      throw new DOMException('Access denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    const { user } = await renderApp();
    const article = await screen.findByRole('article', { name: satakam.name });
    await user.click(within(article).getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(currentPath()).toBe('/cart'));
    expect(await screen.findByLabelText(`Quantity of ${satakam.name}`)).toHaveTextContent('1');
  });

  test('follows changes another tab makes', async () => {
    seed([book]);
    await renderApp({ path: '/cart' });
    await screen.findByLabelText(`Quantity of ${satakam.name}`);
    const next = JSON.stringify([{ ...book, quantity: 3 }, vagdevi25]);
    window.localStorage.setItem(CART_STORAGE_KEY, next);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: next, storageArea: window.localStorage }),
      );
    });
    // The other tab's lines are validated before they are shown, which may wait for the parser.
    await waitFor(() => expect(screen.getByLabelText(`Quantity of ${satakam.name}`)).toHaveTextContent('3'));
    expect(screen.getByText('Total: $40.00')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: null, newValue: null, storageArea: window.localStorage }),
      );
    });
    expect(await screen.findByText('Your donation bucket is empty.')).toBeInTheDocument();
  });
});
