import { type ReactNode, useState } from 'react';
import { CartContext } from './cart-context';
import type { CartStore } from './cart-engine';

/**
 * Gives the app its bucket. The rules and the stored lines load in a separate chunk that starts
 * downloading when the app mounts; components that need the bucket suspend until it is there.
 * One store per provider, so every test render starts from what localStorage holds.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState<Promise<CartStore>>(() => import('./cart-engine').then((m) => m.createCartStore()));
  return <CartContext value={store}>{children}</CartContext>;
}
