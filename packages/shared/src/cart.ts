/**
 * The bucket (SPEC.md §3 "Bucket", §4 "Bucket"): pure operations on a list of lines.
 * The web keeps the list in localStorage under `cart`; the checkout sends it as `products`.
 */
import { dollarsToCents, formatCents } from './money';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 999;

/**
 * One line of the bucket. Declared as a plain type so the bucket's operations load without zod
 * (the first visit of `/` has a 100 KB budget; decision 0020); cart-schema.ts validates it.
 */
export type CartLine = {
  /** Line identity. The catalogue id for fixed items; `id:cents` for an open amount, so $25 and $50 to the same cause stay two lines. */
  key: string;
  /** The catalogue item id (7, 8, 9, concert tiers). */
  id: number;
  name: string;
  /** Dollars, as the catalogue shows them. For open amounts, the entered amount. */
  price: number;
  quantity: number;
  /** True when the visitor entered the amount (ids 7 and 8). */
  custom?: boolean | undefined;
  image?: string | undefined;
  /**
   * Issue 22: given every month (monthly-giving.ts). The first month is charged with the bucket; a
   * monthly line and a one-time line of the same item and amount are two lines.
   */
  monthly?: boolean | undefined;
};

/** The open-amount causes (SPEC.md §3 ids 7 and 8): the donor enters the price. */
export const OPEN_AMOUNT_ITEM_IDS: readonly number[] = [7, 8];

/** A line's key: the id for fixed items, `id:cents` for an open amount (two amounts, two lines). */
export function lineKey(line: {
  id: number;
  price: number;
  custom?: boolean | undefined;
  monthly?: boolean | undefined;
}): string {
  const open = line.custom === true || OPEN_AMOUNT_ITEM_IDS.includes(line.id);
  const key = open ? `${line.id}:${dollarsToCents(line.price)}` : String(line.id);
  return line.monthly === true ? `${key}:monthly` : key;
}

export type AddableItem = { id: number; name: string; price: number; image?: string | undefined };

/**
 * Builds the line for a fixed-price item (its price in the bucket's currency), or for an open amount
 * the visitor entered, named with the amount in `currency` ('Any Other Donation - CA$51.00').
 */
export function lineFor(item: AddableItem, customCents?: number, currency?: string): CartLine {
  if (customCents === undefined) {
    return {
      key: lineKey(item),
      id: item.id,
      name: item.name,
      price: item.price,
      quantity: 1,
      ...(item.image ? { image: item.image } : {}),
    };
  }
  return {
    key: lineKey({ id: item.id, price: customCents / 100, custom: true }),
    id: item.id,
    name: `${item.name} - ${formatCents(customCents, currency)}`,
    price: customCents / 100,
    quantity: 1,
    custom: true,
  };
}

/** Adding a line whose key is present adds 1 to its quantity; a new line is appended with quantity 1. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const found = lines.some((l) => l.key === line.key);
  if (!found) return [...lines, { ...line, quantity: QUANTITY_MIN }];
  return lines.map((l) => (l.key === line.key ? { ...l, quantity: Math.min(QUANTITY_MAX, l.quantity + 1) } : l));
}

/** Minus / plus: change by delta, never below 1 (nor above the cap). */
export function changeQuantity(lines: readonly CartLine[], key: string, delta: number): CartLine[] {
  return lines.map((l) =>
    l.key === key ? { ...l, quantity: Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, l.quantity + delta)) } : l,
  );
}

export function removeLine(lines: readonly CartLine[], key: string): CartLine[] {
  return lines.filter((l) => l.key !== key);
}

/** Undo of a remove: the line back at `index` with its quantity; nothing if its key is back already. */
export function restoreLine(lines: readonly CartLine[], line: CartLine, index: number): CartLine[] {
  if (lines.some((l) => l.key === line.key)) return [...lines];
  return [...lines.slice(0, index), line, ...lines.slice(index)];
}

export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

/** Sum of price x quantity, in cents. */
export function totalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + dollarsToCents(l.price) * l.quantity, 0);
}
