/**
 * Orders written straight into the database, for report tests and the report benchmark:
 *
 *   await seedOrders(db, [{ firstName: 'Asha', amountCents: 2500, createdAt: new Date('2026-03-01T12:00:00Z') }]);
 *   await generateOrders(db, { count: 1_000_000 });   // bulk, in SQL (generate_series)
 *
 * Every field has a plausible default; a seeded order is `succeeded` unless told otherwise.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { NewOrder, Order } from '../src/modules/ledger/index';
import { type OrderProduct, orders } from '../src/modules/ledger/index';

export const SEED_CENTERS = [
  { id: 1, name: 'Bay Area Center, California' },
  { id: 2, name: 'Dallas Center, Texas' },
  { id: 3, name: 'Houston Center, Texas' },
  { id: 4, name: 'New Jersey Center' },
  { id: 5, name: 'Atlanta Center, Georgia' },
  { id: 6, name: 'Chicago Center, Illinois' },
  { id: 7, name: 'Toronto Center, Canada' },
  { id: 8, name: 'London Center, United Kingdom' },
] as const;

export const BOOK_PRODUCT: OrderProduct = {
  id: 9,
  name: 'Guruvara Dattam Vimalacharita Satakam',
  unitCents: 500,
  quantity: 1,
  custom: false,
};

export type SeedOrderInput = Partial<NewOrder>;

/** A complete order row from a few fields; amount and item count follow `products` unless given. */
export function seedOrderValues(input: SeedOrderInput = {}): NewOrder {
  const id = input.id ?? randomUUID();
  const products = input.products ?? [BOOK_PRODUCT];
  const center = SEED_CENTERS.find((c) => c.id === input.centerId) ?? SEED_CENTERS[0];
  const status = input.status ?? 'succeeded';
  return {
    idempotencyKey: `seed-${id}`,
    requestHash: 'seed',
    amountCents: products.reduce((sum, p) => sum + p.unitCents * p.quantity, 0),
    centerId: center.id,
    centerName: center.name,
    firstName: 'Asha',
    lastName: 'Rao',
    email: `donor-${id.slice(0, 8)}@example.org`,
    mobile: '5125550123',
    itemCount: products.reduce((sum, p) => sum + p.quantity, 0),
    gateway: 'sandbox',
    transactionId: status === 'succeeded' ? `tx${id.replaceAll('-', '').slice(0, 10)}` : null,
    ...input,
    id,
    status,
    products,
    ...homeAmount(input, products),
  };
}

/**
 * A dollar order is at home at rate 1, as the checkout writes it (exchange-rates/home-amount.ts);
 * another currency's keeps what the input says (null: no rate yet).
 */
function homeAmount(input: SeedOrderInput, products: OrderProduct[]): Pick<NewOrder, 'homeRate' | 'homeAmountCents'> {
  if (input.homeRate !== undefined || (input.currency ?? 'USD') !== 'USD') {
    return { homeRate: input.homeRate ?? null, homeAmountCents: input.homeAmountCents ?? null };
  }
  const amount = input.amountCents ?? products.reduce((sum, p) => sum + p.unitCents * p.quantity, 0);
  return { homeRate: '1', homeAmountCents: amount };
}

/** Inserts the orders (in chunks: a statement takes at most 65,535 parameters) and returns them. */
export async function seedOrders(db: Database, inputs: SeedOrderInput[]): Promise<Order[]> {
  const rows = inputs.map(seedOrderValues);
  const inserted: Order[] = [];
  for (let i = 0; i < rows.length; i += 1_000) {
    inserted.push(
      ...(await db
        .insert(orders)
        .values(rows.slice(i, i + 1_000))
        .returning()),
    );
  }
  return inserted;
}

export type GenerateOrdersOptions = {
  count: number;
  /** Spread evenly over this many days before `endsAt`, newest at `endsAt`. */
  days?: number;
  endsAt?: Date;
  /** Every n-th order is `failed` (not in the report); 0 for none. */
  failedEvery?: number;
  /** Idempotency keys are `<prefix>-<n>`: give each call on one database its own. */
  prefix?: string;
};

const FIRST_NAMES = ['Asha', 'Ravi', 'Lakshmi', 'Srinivas', 'Padma', 'Krishna', 'Meena', 'Arjun', 'Divya', 'Vikram'];
const LAST_NAMES = ['Rao', 'Reddy', 'Sharma', 'Iyer', 'Nair', 'Gupta', 'Patel', 'Murthy', 'Venkataraman', 'Kulkarni'];

/**
 * Many orders in one SQL statement (generate_series): a million in about half a minute on
 * PostgreSQL. Donor n is `<first> <last>` from the lists above, `donor<n>@example.org`, transaction
 * `<prefix><n>` (gen1, gen2 ...), at a center 1–7, with 1–3 books and an open donation.
 */
export async function generateOrders(db: Database, options: GenerateOrdersOptions): Promise<void> {
  const { count, days = 730, endsAt = new Date(), failedEvery = 20, prefix = 'gen' } = options;
  // Lists travel as one '|'-joined text each (Drizzle would expand a JS array into a parameter list).
  const list = (items: readonly string[]) => sql`string_to_array(${items.join('|')}, '|')`;
  const centerNames = list(SEED_CENTERS.map((c) => c.name));
  const end = endsAt.toISOString();
  await db.execute(sql`
    insert into ${orders} (id, idempotency_key, request_hash, status, amount_cents, home_rate, home_amount_cents,
      center_id, center_name, first_name, last_name, email, mobile, products, item_count, gateway, transaction_id,
      created_at, updated_at)
    select gen_random_uuid(), ${prefix} || '-' || n, 'gen',
      case when ${failedEvery}::int > 0 and n % greatest(${failedEvery}::int, 1) = 0 then 'failed' else 'succeeded' end,
      500 * v.books + 100 * v.dollars, 1, 500 * v.books + 100 * v.dollars,
      v.center, (${centerNames})[v.center],
      (${list(FIRST_NAMES)})[1 + (n % ${FIRST_NAMES.length})::int],
      (${list(LAST_NAMES)})[1 + ((n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length})::int],
      'donor' || n || '@example.org', '5125550123',
      jsonb_build_array(
        jsonb_build_object('id', 9, 'name', 'Guruvara Dattam Vimalacharita Satakam', 'unitCents', 500,
          'quantity', v.books, 'custom', false),
        jsonb_build_object('id', 8, 'name', 'Donation - $' || v.dollars, 'unitCents', 100 * v.dollars,
          'quantity', 1, 'custom', true)),
      v.books + 1, 'sandbox', ${prefix} || n,
      ${end}::timestamptz - (n - 1) * (${days}::float8 / ${count}::float8) * interval '1 day',
      ${end}::timestamptz
    from generate_series(1::bigint, ${count}::bigint) as n,
      lateral (select 1 + (n % 3)::int as books, 1 + ((n * 7919) % 1000)::int as dollars, 1 + (n % 7)::int as center) as v`);
}
