/**
 * A monthly gift's line in its first order (monthly_gifts.line_key): the bucket's line key, with the
 * line's place appended only if an earlier monthly line of the order had the same key (a client may
 * send two). The checkout's start and the donor's history read an order's lines with this one rule.
 */
import { lineKey } from '@store/shared/cart';
import type { OrderProduct } from '#src/modules/ledger/index';

/** The key of each monthly line of an order's products, in order, with the line. */
export function monthlyLineKeys(products: readonly OrderProduct[]): { key: string; product: OrderProduct }[] {
  const seen = new Set<string>();
  const lines: { key: string; product: OrderProduct }[] = [];
  products.forEach((product, index) => {
    if (product.monthly !== true) return;
    const key = lineKey({ id: product.id, price: product.unitCents / 100, custom: product.custom, monthly: true });
    lines.push({ key: seen.has(key) ? `${key}#${index}` : key, product });
    seen.add(key);
  });
  return lines;
}
