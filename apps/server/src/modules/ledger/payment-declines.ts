/**
 * Declined payments (the ledger's record of refused attempts), counted per address and per e-mail by
 * the checkout's card-testing limit (checkout/decline-limit.ts). The settlement records a decline in
 * the same statement that marks the order failed (settle-order.ts), so both live here.
 */
import { type SQL, sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { columnNames } from '#src/db/column-names';

export type DeclineSubject = { clientIp: string; email: string };

/** E-mails are compared without case: Donor@x.org and donor@x.org are one donor. */
function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const paymentDeclines = pgTable(
  'payment_declines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientIp: text('client_ip').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_declines_ip_idx').on(t.clientIp, t.createdAt),
    index('payment_declines_email_idx').on(t.email, t.createdAt),
  ],
);

/**
 * Records a decline, as a statement for a WITH clause: the order is marked failed and its decline
 * counted in one statement (settle-order.ts), inserted when `onlyIf` holds. A prepared
 * statement's text: the subject comes in as the placeholders of `declineValues`.
 */
export function recordDeclineStatement(onlyIf: SQL): SQL {
  const d = paymentDeclines;
  return sql`insert into ${d} (${columnNames(d.clientIp, d.email)})
    select ${sql.placeholder('declineIp')}, ${sql.placeholder('declineEmail')} where ${onlyIf}`;
}

/** The placeholder values of `recordDeclineStatement` and `declineWaitSeconds` for one donor. */
export function declineValues({ clientIp, email }: DeclineSubject) {
  return { declineIp: clientIp, declineEmail: normalEmail(email) };
}
