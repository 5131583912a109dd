/**
 * Prices the bucket from the catalogue (DESIGN.md "Money and orders"): the browser's lines say WHAT
 * was chosen, the catalogue says what it costs. Fixed items take the catalogue price whatever the
 * browser sent; open amounts (catalogue price 0, ids 7 and 8) take the amount the donor entered.
 * Names come from the catalogue too: they end up in the receipt e-mail. So does each line's benefit
 * (issue 20): an open amount is a pure gift whatever its item says.
 */
import type { CartLine } from '@store/shared/cart';
import { checkoutMessages } from '@store/shared/checkout';
import type { Currency } from '@store/shared/currencies';
import { dollarsToCents, isWholeCents, MAX_AMOUNT_CENTS } from '@store/shared/money';
import { canGiveMonthly, monthlyGiftMessages } from '@store/shared/monthly-giving';
import { itemPrice } from '@store/shared/prices';
import type { Site, SiteItem } from '@store/shared/site';
import type { OrderProduct } from '#src/modules/ledger/index';
import { lineBenefit } from '#src/modules/receipts/deductible';

export type PricedProducts = { products: OrderProduct[]; totalCents: number; itemCount: number };

export type PricingResult = { ok: true; priced: PricedProducts } | { ok: false; fields: Record<string, string> };

export const UNKNOWN_ITEM_MESSAGE = 'This item is no longer offered. Please remove it from your bucket.';

/** In `currency` (the bucket's): an item not sold in it is refused as no longer offered. */
export function priceProducts(
  site: Pick<Site, 'catalogue' | 'concert'>,
  lines: readonly CartLine[],
  currency: Currency = 'USD',
): PricingResult {
  const items = new Map<number, SiteItem>([...site.catalogue, ...site.concert].map((item) => [item.id, item]));
  const concertIds = site.concert.map((item) => item.id);
  const fields: Record<string, string> = {};
  const products: OrderProduct[] = [];
  lines.forEach((line, index) => {
    const item = items.get(line.id);
    const price = item ? itemPrice(item, currency) : null;
    // Archived by staff (issue 21): old orders keep it, a bucket made before cannot buy it again.
    if (!item || item.archived || price === null) {
      fields[`products.${index}.id`] = UNKNOWN_ITEM_MESSAGE;
      return;
    }
    // Issue 22: only the open-amount causes and the concert tiers may be given every month.
    if (line.monthly === true && !canGiveMonthly(item, concertIds)) {
      fields[`products.${index}.monthly`] = monthlyGiftMessages.notEligible;
      return;
    }
    const custom = price === 0;
    // An entered amount is whole cents: the catalogue card never makes anything else.
    if (
      custom &&
      !(dollarsToCents(line.price) > 0 && dollarsToCents(line.price) <= MAX_AMOUNT_CENTS && isWholeCents(line.price))
    ) {
      fields[`products.${index}.price`] = checkoutMessages.amount;
      return;
    }
    const unitCents = dollarsToCents(custom ? line.price : price);
    // What the donor gets back for it, as site.json says today: kept with the line (issue 20).
    products.push({
      id: item.id,
      name: item.name,
      unitCents,
      quantity: line.quantity,
      custom,
      ...lineBenefit(item.benefit, unitCents, currency),
      ...(line.monthly === true ? { monthly: true } : {}),
    });
  });
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    priced: {
      products,
      // Integer cents: no floating-point drift however many lines.
      totalCents: products.reduce((sum, p) => sum + p.unitCents * p.quantity, 0),
      itemCount: products.reduce((sum, p) => sum + p.quantity, 0),
    },
  };
}
