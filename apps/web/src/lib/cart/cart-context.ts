/** The bucket as the rest of the app sees it (SPEC.md §3: add, total quantity, clear; §4: minus/plus/remove). */
import { createContext, use, useContext, useSyncExternalStore } from 'react';
import type { CartSnapshot, CartStore } from './cart-engine';

export type CartContextValue = CartSnapshot & Omit<CartStore, 'getSnapshot' | 'subscribe'>;

/** Holds the store while its (lazily loaded) rules arrive; see CartProvider. */
export const CartContext = createContext<Promise<CartStore> | null>(null);

/**
 * Suspends the calling component until the bucket has been read from localStorage, so no screen
 * ever shows an empty bucket that is not really empty. Wrap callers in <Suspense>.
 */
export function useCart(): CartContextValue {
  const storePromise = useContext(CartContext);
  if (!storePromise) throw new Error('useCart must be used inside <CartProvider>.');
  const store = use(storePromise);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    ...snapshot,
    add: store.add,
    changeQuantity: store.changeQuantity,
    remove: store.remove,
    restore: store.restore,
    clear: store.clear,
  };
}
