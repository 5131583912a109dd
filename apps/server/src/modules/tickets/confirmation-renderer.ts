/**
 * The registration confirmation's renderer for the mail worker (mail/render.ts), registered for
 * CONFIRMATION_KIND at start-up (src/mail-renderers.ts). It lives above the registrations module
 * because it attaches the family's tickets PDF, which this module makes; the words are the
 * registrations module's (registrations/confirmation.ts). Read at send time: the session, the
 * place in line and the tickets as they are when the e-mail leaves.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import { eventSessions } from '#src/modules/event-sessions/tables';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { renderConfirmation } from '#src/modules/registrations/confirmation';
import { confirmedRegistrationId } from '#src/modules/registrations/confirmation-kind';
import type { EventLinkKey } from '#src/modules/registrations/event-link';
import { familyPageUrl } from '#src/modules/registrations/family-page-url';
import { registrantsOf } from '#src/modules/registrations/registration-repo';
import { registrations } from '#src/modules/registrations/tables';
import type { SiteSource } from '#src/site/site-source';
import { centerNameIn, registrationTicketsPdf } from './registration-tickets';
import type { TicketKeys } from './ticket-keys';

type Registration = typeof registrations.$inferSelect;

/** 1 = next in line: the families of the session ahead of this one (lower rank), waiting or offered. */
async function waitingPosition(db: Pick<Database, 'select'>, registration: Registration): Promise<number | null> {
  if (registration.sessionId === null || registration.waitlistRank === null) return null;
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.sessionId, registration.sessionId),
        inArray(registrations.status, ['waiting', 'offered']),
        lt(registrations.waitlistRank, registration.waitlistRank),
      ),
    );
  return Number(ahead?.n ?? 0) + 1;
}

export function createConfirmationRenderer({
  db,
  siteSource,
  keys,
  linkKey,
  storeUrl,
}: {
  db: Database;
  /** Read per batch, so the e-mail names the event and centers as edited now (issue 21). */
  siteSource: SiteSource;
  keys: Pick<TicketKeys, 'privateKey'>;
  linkKey: EventLinkKey;
  /** The store's origin, for "Your registration". */
  storeUrl: string;
}): MailRenderer {
  return async (registrationIds) => {
    // A subject is the registration's id, or `<id>:<occasion>` for a later confirmation (an offer
    // accepted, a change); an outbox row's subject id is free text, so anything else is skipped.
    const ids = [...new Set(registrationIds.map(confirmedRegistrationId))].filter(isUuid);
    if (ids.length === 0) return new Map();
    const found = await db.select().from(registrations).where(inArray(registrations.id, ids));
    if (found.length === 0) return new Map();
    const { site } = await siteSource.current();
    const byRegistration = await registrantsOf(
      db,
      found.map((r) => r.id),
    );
    const sessionIds = [...new Set(found.flatMap((r) => (r.sessionId === null ? [] : [r.sessionId])))];
    const sessions =
      sessionIds.length === 0 ? [] : await db.select().from(eventSessions).where(inArray(eventSessions.id, sessionIds));
    const rendered = new Map<string, RenderedMail>();
    // One at a time: each may render a PDF, and a batch of them at once would hold the worker's memory.
    for (const registration of found) {
      const session = sessions.find((s) => s.id === registration.sessionId) ?? null;
      const tickets =
        registration.status === 'registered' ? await registrationTicketsPdf(db, { registration, keys, site }) : null;
      const mail = renderConfirmation({
        registration,
        registrants: byRegistration.get(registration.id) ?? [],
        site,
        session: session && { ...session, centerName: centerNameIn(site, session.centerId) },
        waitingPosition: await waitingPosition(db, registration),
        familyLink: familyPageUrl(storeUrl, linkKey, registration.id, session?.startsAt ?? null),
        ticketCount: tickets?.count ?? 0,
        hoursToAccept: site.eventSettings.offerHoldHours,
      });
      rendered.set(
        registration.id,
        tickets
          ? {
              ...mail,
              attachments: [{ fileName: tickets.fileName, contentType: 'application/pdf', content: tickets.pdf }],
            }
          : mail,
      );
    }
    // Answered per subject: each occasion's message is the registration's confirmation as it stands.
    return new Map(
      registrationIds.flatMap((subject) => {
        const mail = rendered.get(confirmedRegistrationId(subject));
        return mail ? [[subject, mail] as const] : [];
      }),
    );
  };
}
