/** An order's lines in words, as the payment report and the donor's dashboard show them. */
import type { OrderProduct } from '#src/modules/ledger/index';

/** 'Name × 2, Other name × 1' */
export function productsText(products: OrderProduct[]): string {
  return products.map((p) => `${p.name} × ${p.quantity}`).join(', ');
}
