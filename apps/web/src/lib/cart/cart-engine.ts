/**
 * The bucket's state and rules, outside React. Loaded lazily by CartProvider; the stored lines are
 * validated with zod, which is fetched only when something is stored (cart-storage.ts).
 *
 * Every change is written to localStorage at once (SPEC.md §3 "saved after every change"); changes
 * made by another tab arrive through the `storage` event and are not written back, so two tabs
 * cannot echo each other forever.
 */
import {
  type AddableItem,
  addLine,
  type CartLine,
  changeQuantity,
  lineFor,
  removeLine,
  restoreLine,
  totalCents,
  totalQuantity,
} from '@store/shared/cart';
import { asMonthly } from '@store/shared/monthly-lines';
import { readStoredCart, subscribeToOtherTabs, writeStoredCart } from './cart-storage';

export type CartSnapshot = { lines: readonly CartLine[]; totalQuantity: number; totalCents: number };

export type CartStore = {
  getSnapshot: () => CartSnapshot;
  subscribe: (listener: () => void) => () => void;
  /**
   * A fixed-price item, or an open-amount item with the amount the visitor entered; `monthly`: given
   * every month (issue 22), a line of its own.
   */
  add: (item: AddableItem, customCents?: number, monthly?: boolean, currency?: string) => void;
  changeQuantity: (key: string, delta: number) => void;
  remove: (key: string) => void;
  /** Puts a removed line back where it was, with its quantity (the bucket's Undo). */
  restore: (line: CartLine, index: number) => void;
  clear: () => void;
};

function snapshotOf(lines: CartLine[]): CartSnapshot {
  return { lines, totalQuantity: totalQuantity(lines), totalCents: totalCents(lines) };
}

export async function createCartStore(): Promise<CartStore> {
  // Read once, when the store is made (SPEC.md §3 "loaded at start").
  let snapshot = snapshotOf(await readStoredCart());
  const listeners = new Set<() => void>();
  let stopWatchingOtherTabs: (() => void) | null = null;

  function set(lines: CartLine[], save: boolean) {
    snapshot = snapshotOf(lines);
    if (save) writeStoredCart(lines);
    for (const listener of listeners) listener();
  }
  const change = (next: (lines: CartLine[]) => CartLine[]) => set(next([...snapshot.lines]), true);

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      // Watch other tabs only while someone is listening, so a discarded store leaks no listener.
      stopWatchingOtherTabs ??= subscribeToOtherTabs((lines) => set(lines, false));
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopWatchingOtherTabs?.();
          stopWatchingOtherTabs = null;
        }
      };
    },
    add: (item, customCents, monthly = false, currency = undefined) =>
      change((lines) => {
        const line = lineFor(item, customCents, currency);
        return addLine(lines, monthly ? asMonthly(line) : line);
      }),
    changeQuantity: (key, delta) => change((lines) => changeQuantity(lines, key, delta)),
    remove: (key) => change((lines) => removeLine(lines, key)),
    restore: (line, index) => change((lines) => restoreLine(lines, line, index)),
    clear: () => change(() => []),
  };
}
