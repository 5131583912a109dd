/**
 * Stopping and restarting event news from a message's link. The link names a recipient row (a
 * signed token); the row's address is what opts out, so every later message skips it while its
 * tickets, confirmations and offers (other mail kinds) still go.
 */
import { type EventNewsState, eventMessageTexts } from '@store/shared/event-messages';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { type EventLinkKey, readEventLink } from '#src/modules/registrations/event-link';
import { eventMessageRecipients, eventNewsOptouts } from './tables';

async function addressOf(db: Pick<Database, 'select'>, key: EventLinkKey, token: string): Promise<string> {
  const link = readEventLink(key, 'unsubscribe', token);
  if (!link.ok) {
    const message = link.reason === 'expired' ? eventMessageTexts.expiredLink : eventMessageTexts.badLink;
    throw new AppError('invalid_token', message, { fields: { token: message } });
  }
  const [row] = await db
    .select({ email: eventMessageRecipients.email })
    .from(eventMessageRecipients)
    .where(eq(eventMessageRecipients.id, link.id));
  if (!row) {
    throw new AppError('invalid_token', eventMessageTexts.badLink, { fields: { token: eventMessageTexts.badLink } });
  }
  return row.email;
}

export async function stopEventNews(db: Database, key: EventLinkKey, token: string): Promise<EventNewsState> {
  const email = await addressOf(db, key, token);
  await db.insert(eventNewsOptouts).values({ email }).onConflictDoNothing();
  return { email, subscribed: false };
}

export async function restartEventNews(db: Database, key: EventLinkKey, token: string): Promise<EventNewsState> {
  const email = await addressOf(db, key, token);
  await db.delete(eventNewsOptouts).where(eq(eventNewsOptouts.email, email));
  return { email, subscribed: true };
}
