/**
 * One succeeded order as the report reads it, for the page and the CSV alike. Instants are
 * formatted by PostgreSQL, so both drivers return the same strings (they parse timestamps differently)
 * and the cursor keeps microseconds.
 */
import { GIFT_FREQUENCY_LABELS } from '@store/shared/monthly-giving';
import type { DonorRow } from '@store/shared/report';
import { type SQL, sql } from 'drizzle-orm';
import { productsText } from '#src/modules/checkout/products-text';
import { type OrderProduct, orders } from '#src/modules/ledger/index';

export type DonorRecord = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  center_name: string;
  amount_cents: number;
  transaction_id: string | null;
  /** UTC, ISO 8601 with microseconds (the cursor's precision). */
  created_at: string;
  /** The foundation's local date and time, `YYYY-MM-DD HH:MM:SS` (spreadsheets read it as a date). */
  local_time: string;
  item_count: number;
  products: OrderProduct[];
  delivery: string;
  test: boolean;
  receipt_number: string;
  deductible_cents: number | null;
  refunded_cents: number;
  currency: string;
  /** The amount at the order's own home-currency rate; null until its day has a rate. */
  home_amount_cents: number | null;
  /** tributeText: 'In memory of Sita Devi', or ''. */
  tribute: string;
  /** How it was paid, as the receipt names it ('PayPal', 'Visa ending in 1111'), or ''. */
  payment_method: string;
};

/**
 * The order's receipt number (issue 20): the one the settlement gave it, or for orders settled
 * before, the `R-YYYYMMDD-XXXXXX` they were sent with. The SQL twin of receipts/receipt-number.ts
 * `receiptNumberOf`, so that the COPY export can write it; report.test.ts checks they agree.
 */
export function receiptNumberSql(timeZone: string): SQL {
  return sql`coalesce(${orders.receiptNumber}, 'R-' || to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYYMMDD') || '-' || upper(substr(replace(${orders.id}::text, '-', ''), 1, 6)))`;
}

/**
 * The order's delivery in words, written by the database so the page, the keyset export and the
 * COPY export say it the same way: 'Pickup at {center}' (ticked, or no address given), 'Delivery
 * to {street, city, state zip}', or '' when nothing is shipped.
 */
export const deliveryText: SQL = sql`case
    -- Nothing shipped: the checkout's prepared insert stores JSON null (the column encodes null as
    -- 'null'), rows written otherwise SQL NULL.
    when ${orders.delivery} is null or jsonb_typeof(${orders.delivery}) = 'null' then ''
    when (${orders.delivery} ->> 'pickup')::boolean then 'Pickup at ' || ${orders.centerName}
    else 'Delivery to ' || concat_ws(', ', nullif(${orders.delivery} ->> 'street', ''),
      nullif(${orders.delivery} ->> 'city', ''),
      nullif(concat_ws(' ', nullif(${orders.delivery} ->> 'state', ''), nullif(${orders.delivery} ->> 'zip', '')), ''))
  end`;

/**
 * The gift's tribute in words: 'In memory of {name}' or 'In honour of {name}', '' for
 * none. Written by the database, like the delivery, so the page and both CSV paths say the same.
 */
export const tributeText: SQL = sql`case
    when ${orders.tribute} is null or jsonb_typeof(${orders.tribute}) = 'null' then ''
    when ${orders.tribute} ->> 'kind' = 'memory' then 'In memory of ' || (${orders.tribute} ->> 'name')
    else 'In honour of ' || (${orders.tribute} ->> 'name')
  end`;

/**
 * The CSV's Gift column (issue 22): 'Monthly' for a monthly gift's charge by the billing run
 * (`monthly_gift_id`) or the checkout's order that paid a first month (a product line marked
 * `monthly`), else 'One-time'. Written by the database so both CSV paths say the same; a JSON
 * containment test on the order's own row, no join (the export reads a million orders).
 */
export const giftFrequencySql: SQL = sql`case
    when ${orders.monthlyGiftId} is not null or ${orders.products} @> '[{"monthly": true}]'::jsonb
      then ${GIFT_FREQUENCY_LABELS.monthly} else ${GIFT_FREQUENCY_LABELS.oneTime} end`;

export function donorColumns(timeZone: string): SQL {
  return sql`${orders.id} as id, ${orders.firstName} as first_name, ${orders.lastName} as last_name,
    ${orders.email} as email, ${orders.centerName} as center_name, ${orders.amountCents} as amount_cents,
    ${orders.transactionId} as transaction_id,
    to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
    to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time,
    ${orders.itemCount} as item_count, ${orders.products} as products, ${deliveryText} as delivery,
    ${orders.test} as test, ${receiptNumberSql(timeZone)} as receipt_number, ${orders.deductibleCents} as deductible_cents,
    ${orders.refundedCents} as refunded_cents, ${orders.currency} as currency,
    ${orders.homeAmountCents} as home_amount_cents, ${tributeText} as tribute,
    coalesce(${orders.paymentMethod}, '') as payment_method`;
}

/** Newest first; ties (same microsecond) broken by id, so the order is total and pages never overlap. */
export const newestFirst = sql`${orders.createdAt} desc, ${orders.id} desc`;

export function donorName(record: Pick<DonorRecord, 'first_name' | 'last_name'>): string {
  return `${record.first_name} ${record.last_name}`.trim();
}

/** A row as the page reads it: with the date an offline gift was received (null for any other). */
export type PageDonorRecord = DonorRecord & { received_on: string | null };

export function toDonorRow(record: PageDonorRecord): DonorRow {
  return {
    orderId: record.id,
    name: donorName(record),
    email: record.email,
    center: record.center_name,
    // Integer cents to dollars once, here: 1999 -> 19.99.
    amount: record.amount_cents / 100,
    transactionId: record.transaction_id ?? '',
    // A gift that has only a date shows that day and no time (its instant is a stand-in, noon at the
    // foundation). Others: milliseconds, the usual ISO shape; the cursor keeps the microseconds.
    date: record.received_on ?? `${record.created_at.slice(0, 23)}Z`,
    qty: record.item_count,
    products: productsText(record.products),
    delivery: record.delivery,
    test: record.test,
    receiptNumber: record.receipt_number,
    deductible: record.deductible_cents === null ? null : record.deductible_cents / 100,
    refunded: record.refunded_cents / 100,
    currency: record.currency,
    homeAmount: record.home_amount_cents === null ? null : record.home_amount_cents / 100,
    tribute: record.tribute,
    paymentMethod: record.payment_method,
  };
}
