/**
 * The dashboard's "Manage" link: each of the signed-in owner's registrations gets a fresh family link
 * (the page the e-mails link to), made when the dashboard is read and never stored. Only registrations
 * the activity already lists as the owner's are given one.
 */
import type { AccountActivity } from '@store/shared/auth';
import { parseRegistrationNumber } from '@store/shared/registration';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { type EventLinkKey, eventLinkToken, familyLinkExpiry } from '#src/modules/registrations/event-link';
import { FAMILY_PAGE_PATH } from '#src/modules/registrations/family-page-url';
import { registrations } from '#src/modules/registrations/tables';

type Listed = AccountActivity['registrations'];

export async function withFamilyLinks(db: Database, key: EventLinkKey, listed: Listed): Promise<Listed> {
  const numbers = listed.flatMap((r) => parseRegistrationNumber(r.registrationNumber) ?? []);
  if (numbers.length === 0) return listed;
  const rows = await db
    .select({ id: registrations.id, number: registrations.number, startsAt: eventSessions.startsAt })
    .from(registrations)
    .leftJoin(eventSessions, eq(eventSessions.id, registrations.sessionId))
    .where(inArray(registrations.number, numbers));
  const now = new Date();
  const byNumber = new Map(
    rows.map((row) => {
      const token = eventLinkToken(key, 'family', row.id, familyLinkExpiry(now, row.startsAt));
      return [row.number, `${FAMILY_PAGE_PATH}?token=${encodeURIComponent(token)}`];
    }),
  );
  return listed.map((registration) => {
    const url = byNumber.get(parseRegistrationNumber(registration.registrationNumber) ?? 0);
    return url ? { ...registration, manageUrl: url } : registration;
  });
}
