/**
 * Issues the CRA official receipt of a gift that was paid without the donor's address, once the
 * donor adds it (from the receipt e-mail's link or /dashboard): in ONE statement, like the
 * settlement's numbering (decision 0025), the order's row is locked and re-checked, the next number
 * of the series taken, the address and the issue date written, and the official receipt queued in
 * the mail outbox. Whatever arrives at once, one statement finds the row still waiting; the others
 * find it issued and change nothing, and the outbox's (kind, subject) key sends the mail once.
 */
import type { DonorAddressValue } from '@store/shared/receipt-address';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { oncePerDatabase, prepareRaw } from '#src/db/prepared';
import { queuedMailValues, queueMailStatement } from '#src/modules/mail/outbox';
import { OFFICIAL_RECEIPT_KIND } from './receipt-kind';
import { RECEIPT_SEQ_DIGITS, type ReceiptSettings, receiptSeries, takeReceiptNumber } from './receipt-number';
import { orders } from './tables';

/** The number is of the year the receipt is issued in (the foundation's zone), as it is numbered then. */
const issueYear = sql`extract(year from (now() at time zone ${sql.placeholder('timeZone')}::text))::int`;

const issueStatement = oncePerDatabase((db: Database) => {
  const locked = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, sql.placeholder('orderId')),
        eq(orders.status, 'succeeded'),
        eq(orders.receiptAwaitsAddress, true),
      ),
    )
    .for('update')
    .getSQL();
  const taken = sql`(select ${sql.identifier('last')} from numbered)`;
  const update = db
    .update(orders)
    .set({
      donorAddress: sql`${sql.placeholder('address')}::jsonb`,
      receiptAwaitsAddress: false,
      receiptIssuedAt: sql`now()`,
      receiptYear: issueYear,
      receiptSeq: taken,
      receiptNumber: sql`${sql.placeholder('receiptPrefix')}::text || ${issueYear}::text || '-' || lpad(${taken}::text, ${sql.raw(String(RECEIPT_SEQ_DIGITS))}, '0')`,
      updatedAt: sql`now()`,
    })
    .where(sql`${orders.id} in (select id from locked)`)
    .returning({ receiptNumber: orders.receiptNumber });
  const statement = sql`with locked as (${locked}),
    numbered as (${takeReceiptNumber(sql`locked`, issueYear)}),
    issued as (${update.getSQL()}),
    mail as (${queueMailStatement(sql`exists (select 1 from issued)`)})
    select receipt_number from issued`;
  return prepareRaw<{ receipt_number: string }>(db, 'checkout_issue_official_receipt', statement);
});

/** The number issued now, or null when the order was not waiting (issued already, or no such gift). */
export async function issueOfficialReceipt(
  db: Database,
  input: { orderId: string; address: DonorAddressValue; receipts: ReceiptSettings },
): Promise<string | null> {
  const { orderId, address, receipts } = input;
  // The series is the order's entity's (the Canadian charity's: only a CRA receipt waits for an address).
  const [order] = await db.select({ entityKey: orders.entityKey }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const { series, prefix } = receiptSeries(receipts, order.entityKey);
  const rows = await issueStatement(db).execute({
    orderId,
    address: JSON.stringify(address),
    receiptPrefix: prefix,
    receiptSeries: series,
    timeZone: receipts.timeZone,
    ...queuedMailValues({ kind: OFFICIAL_RECEIPT_KIND, subjectId: orderId }),
  });
  return rows[0]?.receipt_number ?? null;
}
