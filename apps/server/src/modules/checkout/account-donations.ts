/**
 * A donor's own donations for their dashboard (GET /auth/activity, wired in register-modules.ts),
 * newest first, with the receipt number printed on the e-mailed receipt.
 */
import type { AccountActivity } from '@store/shared/auth';
import type { Site } from '@store/shared/site';
import { accountReceiptPdfPath } from '@store/shared/tax-receipts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type AccountOwner, ownedBy } from '#src/db/owned-by';
import { orders, receiptNumberOf } from '#src/modules/ledger/index';
import { productsText } from './products-text';

export async function listAccountDonations(
  db: Database,
  site: Site,
  owner: AccountOwner,
  limit: number,
): Promise<AccountActivity['donations']> {
  const rows = await db
    .select()
    .from(orders)
    // An employer's match carries the donor's e-mail but is the employer's gift, not theirs.
    .where(
      and(eq(orders.status, 'succeeded'), isNull(orders.matchesOrderId), ownedBy(owner, orders.userId, orders.email)),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((order) => ({
    orderId: order.id,
    receiptNumber: receiptNumberOf(order, site.foundation.timeZone),
    date: order.receivedOn ?? order.createdAt.toISOString(),
    center: order.centerName,
    amount: order.amountCents / 100,
    currency: order.currency,
    products: productsText(order.products),
    transactionId: order.transactionId ?? '',
    deductible: order.deductibleCents === null ? null : order.deductibleCents / 100,
    receiptPdf: accountReceiptPdfPath(order.id),
    awaitingAddress: order.receiptAwaitsAddress,
  }));
}
