/**
 * Queues a paid gift's tribute card (gift-extras.ts `Tribute.card`), once. The settlement is one
 * statement (ledger/settle-order.ts) and the card needs the relay limit's locks and counts, so the
 * card is queued in its own transaction right after it: by the checkout when it has settled the
 * order, and by the reconciler's sweep (`queueMissingTributeCards`) for every paid gift with a card
 * and no `tribute_cards` row, which a crash between the two would leave. The row's primary key is
 * the order's id, so however many of them try, one card row is written and one message queued.
 *
 * Only a checkout's order has a tribute: a monthly gift's later charges carry none (and are skipped
 * here all the same), so a card goes with the gift the donor made, not every month.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { queueMail } from '#src/modules/mail/outbox';
import { type TributeCardStatus, tributeCards } from './tables';
import { TRIBUTE_CARD_KIND } from './tribute-card-kind';
import { mayQueueTributeCard } from './tribute-card-limit';

/**
 * The card's row for a paid order with a card: 'queued' (its message is in the outbox) or 'limited'
 * (over the relay limit: kept, not sent); the row as it was if one exists; null when the order has
 * no card to send (not paid, no card, a monthly charge).
 */
export async function queueTributeCard(db: Database, orderId: string): Promise<TributeCardStatus | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ tribute: orders.tribute, clientIp: orders.clientIp })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'succeeded'), isNull(orders.monthlyGiftId)));
    const card = order?.tribute?.card;
    if (!order || !card) return null;
    const [existing] = await tx
      .select({ status: tributeCards.status })
      .from(tributeCards)
      .where(eq(tributeCards.orderId, orderId));
    if (existing) return existing.status;
    const status: TributeCardStatus = (await mayQueueTributeCard(tx, { email: card.email, clientIp: order.clientIp }))
      ? 'queued'
      : 'limited';
    const inserted = await tx
      .insert(tributeCards)
      .values({
        orderId,
        recipientName: card.name,
        recipientEmail: card.email,
        showAmount: card.showAmount,
        clientIp: order.clientIp,
        status,
      })
      .onConflictDoNothing({ target: tributeCards.orderId })
      .returning({ status: tributeCards.status });
    if (inserted.length === 0) {
      // Another process wrote it between the look and the insert (it waited on the same locks).
      const [now] = await tx
        .select({ status: tributeCards.status })
        .from(tributeCards)
        .where(eq(tributeCards.orderId, orderId));
      return now?.status ?? null;
    }
    if (status === 'queued') await queueMail(tx, { kind: TRIBUTE_CARD_KIND, subjectId: orderId });
    return status;
  });
}

/** Paid gifts older than this are not swept: a card a week late is better left unsent than a surprise. */
const SWEEP_WINDOW = sql.raw(`interval '7 days'`);
const SWEEP_BATCH = 50;

/**
 * Queues the cards of paid gifts that have a card and no card row (the checkout's follow-up lost to
 * a crash, or the reconciler's own settlements). How many rows it wrote (queued or limited).
 */
export async function queueMissingTributeCards(db: Database): Promise<number> {
  const missing = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'succeeded'),
        gt(orders.createdAt, sql`now() - ${SWEEP_WINDOW}`),
        sql`${orders.tribute} -> 'card' is not null`,
        isNull(orders.monthlyGiftId),
        sql`not exists (select 1 from ${tributeCards} where ${tributeCards.orderId} = ${orders.id})`,
      ),
    )
    .limit(SWEEP_BATCH);
  let written = 0;
  for (const { id } of missing) if ((await queueTributeCard(db, id)) !== null) written += 1;
  return written;
}
