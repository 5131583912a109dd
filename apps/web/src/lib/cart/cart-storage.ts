/**
 * The bucket's copy in localStorage (SPEC.md §3: key `cart`, a JSON list, loaded at start, saved
 * after every change). Storage can throw (disabled cookies, Safari private mode, full quota):
 * the bucket then simply lives in memory for this visit instead of breaking the page.
 */
import type { CartLine } from '@store/shared/cart';
import { CART_STORAGE_KEY } from '@store/shared/storage-keys';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

type ParseStoredCart = (raw: string | null) => CartLine[];
let parser: Promise<ParseStoredCart> | undefined;

/**
 * The validating parser (zod) loads only when there is a stored bucket to read, so a first visit
 * downloads no validator (decision 0020). A failed download is not an empty bucket: it rejects, and
 * nothing is written over what is stored.
 */
function loadParser(): Promise<ParseStoredCart> {
  parser ??= import('@store/shared/cart-schema').then((m) => m.parseStoredCart);
  parser.catch(() => {
    parser = undefined; // the next read tries the download again
  });
  return parser;
}

/** Nothing stored (a first visit) or an emptied bucket: nothing to validate. */
function isEmpty(raw: string | null): boolean {
  return raw === null || raw.trim() === '[]';
}

async function parse(raw: string | null): Promise<CartLine[]> {
  return isEmpty(raw) ? [] : (await loadParser())(raw);
}

export function readStoredCart(): Promise<CartLine[]> {
  let raw: string | null;
  try {
    raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  } catch {
    return Promise.resolve([]);
  }
  return parse(raw);
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
  // One after another, so a quick second change never lands before the first (which may wait for the parser).
  let queue = Promise.resolve();
  const listener = (event: StorageEvent) => {
    // key null means another tab called localStorage.clear().
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    if (event.storageArea !== null && event.storageArea !== storage()) return;
    const raw = event.newValue;
    queue = queue.then(async () => onChange(await parse(raw))).catch(() => undefined);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
