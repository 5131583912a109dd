import { CART_STORAGE_KEY } from '@store/shared/storage-keys';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createCartStore } from './cart-engine';

const book = { id: 9, name: 'Book', price: 5 };
const open = { id: 7, name: 'Cause', price: 0 };
const stored = () => window.localStorage.getItem(CART_STORAGE_KEY);

describe('cart store', () => {
  afterEach(() => window.localStorage.clear());

  test('add appends, a second add of the same line raises its quantity', async () => {
    const store = await createCartStore();
    store.add(book);
    store.add(book);
    store.add(open, 2500);
    store.add(open, 5000);
    const { lines, totalQuantity, totalCents } = store.getSnapshot();
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Book', 2],
      ['Cause - $25.00', 1],
      ['Cause - $50.00', 1],
    ]);
    expect(totalQuantity).toBe(4);
    expect(totalCents).toBe(8500);
  });

  test('quantity never falls below 1; remove and clear; every change is saved', async () => {
    const store = await createCartStore();
    store.add(book);
    store.changeQuantity('9', -1);
    expect(store.getSnapshot().lines[0]?.quantity).toBe(1);
    store.changeQuantity('9', 1);
    expect(JSON.parse(stored() ?? '[]')[0].quantity).toBe(2);
    store.remove('9');
    expect(stored()).toBe('[]');
    store.add(book);
    store.clear();
    expect(store.getSnapshot().lines).toEqual([]);
    expect(stored()).toBe('[]');
  });

  test('restore puts a removed line back in its place with its quantity, once', async () => {
    const store = await createCartStore();
    store.add(book);
    store.add(open, 2500);
    store.changeQuantity('9', 2);
    const [removed] = store.getSnapshot().lines;
    if (!removed) throw new Error('no line');
    store.remove('9');
    store.restore(removed, 0);
    store.restore(removed, 0);
    expect(store.getSnapshot().lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Book', 3],
      ['Cause - $25.00', 1],
    ]);
    expect(JSON.parse(stored() ?? '[]')[0].quantity).toBe(3);
  });

  test('reads the stored bucket once, at creation', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ key: '9', ...book, quantity: 4 }]));
    const store = await createCartStore();
    window.localStorage.setItem(CART_STORAGE_KEY, '[]');
    expect(store.getSnapshot().totalQuantity).toBe(4);
  });

  test("another tab's change is taken but not written back", async () => {
    const store = await createCartStore();
    const unsubscribe = store.subscribe(() => {});
    const raw = JSON.stringify([{ key: '9', id: 9, quantity: 2, price: 5, name: 'Book' }]);
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: raw }));
    await vi.waitFor(() => expect(store.getSnapshot().totalQuantity).toBe(2));
    // Still the other tab's exact text: we did not re-serialise it.
    expect(stored()).toBe(raw);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: '[]' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.getSnapshot().totalQuantity).toBe(2);
  });
});
