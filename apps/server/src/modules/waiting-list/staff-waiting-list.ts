/**
 * A session's waiting line as staff see it, first in line first: each family's number, first
 * registrant, e-mail, people still coming, when it joined, and its open offer's expiry if offered.
 */
import { formatRegistrationNumber } from '@store/shared/registration';
import type { WaitingFamily } from '@store/shared/waiting-list';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { familyCounts } from './family-counts';
import { waitlistOffers } from './tables';

export async function waitingFamilies(db: Pick<Database, 'select'>, sessionId: number): Promise<WaitingFamily[]> {
  const line = await db
    .select({
      id: registrations.id,
      number: registrations.number,
      email: registrations.email,
      status: registrations.status,
      createdAt: registrations.createdAt,
      firstName: registrants.firstName,
      lastName: registrants.lastName,
    })
    .from(registrations)
    .innerJoin(registrants, and(eq(registrants.registrationId, registrations.id), eq(registrants.position, 1)))
    .where(and(eq(registrations.sessionId, sessionId), inArray(registrations.status, ['waiting', 'offered'])))
    .orderBy(asc(registrations.waitlistRank), asc(registrations.number));
  if (line.length === 0) return [];
  const ids = line.map((family) => family.id);
  const [counts, offers] = await Promise.all([
    familyCounts(db, ids),
    db
      .select({ registrationId: waitlistOffers.registrationId, expiresAt: waitlistOffers.expiresAt })
      .from(waitlistOffers)
      .where(and(inArray(waitlistOffers.registrationId, ids), eq(waitlistOffers.status, 'open'))),
  ]);
  const expiry = new Map(offers.map((offer) => [offer.registrationId, offer.expiresAt]));
  return line.map((family, index) => ({
    registrationId: family.id,
    registrationNumber: formatRegistrationNumber(family.number),
    position: index + 1,
    firstName: family.firstName,
    lastName: family.lastName,
    email: family.email,
    people: counts.get(family.id)?.people ?? 0,
    joinedAt: family.createdAt.toISOString(),
    status: family.status === 'offered' ? 'offered' : 'waiting',
    offerExpiresAt: expiry.get(family.id)?.toISOString() ?? null,
  }));
}
