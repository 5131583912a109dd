/**
 * A gift's tribute as the back office shows it: the tribute the donor wrote, and its
 * card's state, read from the card's row and its outbox message.
 */
import type { Tribute } from '@store/shared/gift-extras';
import type { StaffTribute } from '@store/shared/staff';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { mailOutbox } from '#src/modules/mail/tables';
import { tributeCards } from './tables';
import { TRIBUTE_CARD_KIND } from './tribute-card-kind';

export async function staffTribute(
  db: Database,
  orderId: string,
  tribute: Tribute | null,
): Promise<StaffTribute | null> {
  if (!tribute) return null;
  const { card, ...words } = tribute;
  if (!card) return words;
  const [row] = await db
    .select({ status: tributeCards.status, sent: sql<boolean>`${mailOutbox.sentAt} is not null` })
    .from(tributeCards)
    .leftJoin(
      mailOutbox,
      and(eq(mailOutbox.kind, TRIBUTE_CARD_KIND), eq(mailOutbox.subjectId, sql`${tributeCards.orderId}::text`)),
    )
    .where(eq(tributeCards.orderId, orderId));
  const status = !row ? 'none' : row.status === 'limited' ? 'limited' : row.sent ? 'sent' : 'queued';
  return { ...words, card: { ...card, status } };
}
