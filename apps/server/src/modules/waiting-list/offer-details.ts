/**
 * Offers with what the family is told about them: the registration, its session and its people still
 * coming, in the form's order. Read for a batch of offer e-mails at once, and for the offer page.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { type WaitlistOffer, waitlistOffers } from './tables';

export type OfferPerson = { id: string; position: number; firstName: string; lastName: string };

export type OfferDetails = {
  offer: WaitlistOffer;
  /** `locale`: the language the family registered in, which the offer e-mail is written in. */
  registration: { id: string; number: number; email: string; status: string; locale: Locale };
  session: EventSession;
  people: OfferPerson[];
};

export async function offerDetails(
  db: Pick<Database, 'select'>,
  offerIds: readonly string[],
): Promise<Map<string, OfferDetails>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      offer: waitlistOffers,
      registration: {
        id: registrations.id,
        number: registrations.number,
        email: registrations.email,
        status: registrations.status,
        locale: registrations.locale,
      },
      session: eventSessions,
    })
    .from(waitlistOffers)
    .innerJoin(registrations, eq(registrations.id, waitlistOffers.registrationId))
    .innerJoin(eventSessions, eq(eventSessions.id, waitlistOffers.sessionId))
    .where(inArray(waitlistOffers.id, [...offerIds]));
  if (rows.length === 0) return new Map();
  const people = await db
    .select({
      registrationId: registrants.registrationId,
      id: registrants.id,
      position: registrants.position,
      firstName: registrants.firstName,
      lastName: registrants.lastName,
    })
    .from(registrants)
    .where(
      and(
        inArray(
          registrants.registrationId,
          rows.map((row) => row.registration.id),
        ),
        isNull(registrants.cancelledAt),
      ),
    )
    .orderBy(asc(registrants.position));
  const byRegistration = new Map<string, OfferPerson[]>();
  for (const { registrationId, ...person } of people) {
    const list = byRegistration.get(registrationId) ?? [];
    list.push(person);
    byRegistration.set(registrationId, list);
  }
  return new Map(rows.map((row) => [row.offer.id, { ...row, people: byRegistration.get(row.registration.id) ?? [] }]));
}
