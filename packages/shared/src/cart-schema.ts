/**
 * The bucket's lines validated: what localStorage holds and what the checkout call sends as
 * `products`. Apart from cart.ts so the bucket's operations need no zod until a stored bucket or a
 * checkout has to be read (decision 0020).
 */
import { z } from 'zod';
import { type CartLine, lineKey, QUANTITY_MAX, QUANTITY_MIN } from './cart';
import { MAX_AMOUNT_CENTS } from './money';

export const cartLineSchema = z.object({
  /** Line identity. The catalogue id for fixed items; `id:cents` for an open amount, so $25 and $50 to the same cause stay two lines. */
  key: z.string().min(1).max(64),
  /** The catalogue item id (7, 8, 9, concert tiers). */
  id: z.number().int().positive(),
  name: z.string().min(1).max(300),
  /** Dollars, as the catalogue shows them. For open amounts, the entered amount. */
  price: z
    .number()
    .positive()
    .max(MAX_AMOUNT_CENTS / 100),
  quantity: z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX),
  /** True when the visitor entered the amount (ids 7 and 8). */
  custom: z.boolean().optional(),
  image: z.string().optional(),
  /** Issue 22: given every month (monthly-giving.ts). */
  monthly: z.boolean().optional(),
});

// The schema and the declared type describe the same line: a change to one fails here until the other follows.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameLine: Same<z.infer<typeof cartLineSchema>, CartLine> = true;
void sameLine;

/**
 * A `products` line of the checkout call. SPEC.md §7 sends the bucket as SPEC.md §3 describes it
 * (id, name, price, quantity and any other fields): the key is ours, so a client may leave it out
 * and it is derived here; unknown fields are dropped.
 */
export const checkoutLineSchema = cartLineSchema
  .extend({ key: cartLineSchema.shape.key.optional() })
  .transform((line): CartLine => ({ ...line, key: line.key ?? lineKey(line) }));

/**
 * Reads what localStorage holds under `cart`. Anything that is not a JSON list of valid lines
 * (corrupt text, another app's value, an old format) yields an empty bucket rather than a crash;
 * invalid lines inside an otherwise good list are dropped one by one.
 */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    const parsed = cartLineSchema.safeParse(entry);
    if (parsed.success && !seen.has(parsed.data.key)) {
      seen.add(parsed.data.key);
      lines.push(parsed.data);
    }
  }
  return lines;
}
