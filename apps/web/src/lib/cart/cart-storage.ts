/**
 * The bucket's copy in localStorage (SPEC.md §3: key `cart`, a JSON list, loaded at start, saved
 * after every change). Storage can throw (disabled cookies, Safari private mode, full quota):
 * the bucket then simply lives in memory for this visit instead of breaking the page.
 */
import { type CartLine, parseStoredCart } from '@store/shared/cart';
import { CART_STORAGE_KEY } from '@store/shared/storage-keys';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredCart(): CartLine[] {
  try {
    return parseStoredCart(storage()?.getItem(CART_STORAGE_KEY) ?? null);
  } catch {
    return [];
  }
}

export function writeStoredCart(lines: readonly CartLine[]): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Quota or privacy mode: keeping the bucket in memory is the best we can do.
  }
}

/** Calls back with the new bucket when another tab changes it, so two tabs never disagree. */
export function subscribeToOtherTabs(onChange: (lines: CartLine[]) => void): () => void {
  const listener = (event: StorageEvent) => {
    // key null means another tab called localStorage.clear().
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    if (event.storageArea !== null && event.storageArea !== storage()) return;
    onChange(parseStoredCart(event.newValue));
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
