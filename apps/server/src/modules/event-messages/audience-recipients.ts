/**
 * The addresses an audience reaches now: distinct lower-cased e-mails, minus those that stopped event
 * news. Registrants' audiences read live registrants (not cancelled) of registered families, each at
 * the e-mail on their own form (a minor's is the family's address); the waiting list reads the
 * families' e-mails (the registration's) while they wait or hold an offer. One query serves the
 * preview's count and the recipient rows Send writes, so the two cannot disagree.
 */
import type { MessageAudience } from '@store/shared/event-messages';
import { ADULT_AGE } from '@store/shared/registration-rules';
import { and, eq, inArray, isNull, lt, notExists, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { eventNewsOptouts } from './tables';

type Reader = Pick<Database, 'select' | 'selectDistinct'>;

function notOptedOut(db: Reader, email: SQL) {
  return notExists(db.select({ one: sql`1` }).from(eventNewsOptouts).where(eq(eventNewsOptouts.email, email)));
}

/** The query of the audience's addresses, one `email` column: to count, or to insert from. */
export function audienceAddresses(db: Reader, audience: MessageAudience) {
  if (audience.kind === 'waiting-list') {
    const email = sql<string>`lower(${registrations.email})`;
    return db
      .selectDistinct({ email: email.as('email') })
      .from(registrations)
      .where(
        and(
          inArray(registrations.status, ['waiting', 'offered']),
          audience.sessionId === undefined ? undefined : eq(registrations.sessionId, audience.sessionId),
          notOptedOut(db, email),
        ),
      );
  }
  const email = sql<string>`lower(${registrants.email})`;
  const who: Record<Exclude<MessageAudience['kind'], 'waiting-list'>, SQL | undefined> = {
    session: audience.kind === 'session' ? eq(registrations.sessionId, audience.sessionId) : undefined,
    // Only adults choose a category.
    category: audience.kind === 'category' ? eq(registrants.category, audience.category) : undefined,
    'minors-parents': lt(registrants.age, ADULT_AGE),
    everyone: undefined,
  };
  return db
    .selectDistinct({ email: email.as('email') })
    .from(registrants)
    .innerJoin(registrations, eq(registrations.id, registrants.registrationId))
    .where(
      and(
        isNull(registrants.cancelledAt),
        eq(registrations.status, 'registered'),
        who[audience.kind],
        notOptedOut(db, email),
      ),
    );
}

export async function countRecipients(db: Reader, audience: MessageAudience): Promise<number> {
  const addresses = audienceAddresses(db, audience).as('addresses');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(addresses);
  return row?.count ?? 0;
}
