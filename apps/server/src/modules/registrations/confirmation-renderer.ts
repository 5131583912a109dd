/**
 * The confirmation's renderer for the mail worker (mail/render.ts): the confirmations of a batch of
 * registrations, read in two queries (the registrations, then all their people), written as
 * renderConfirmation writes them. Registered for CONFIRMATION_KIND at start-up (src/mail-renderers.ts).
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import type { MailRenderer } from '#src/modules/mail/render';
import type { SiteSource } from '#src/site/site-source';
import { renderConfirmation } from './confirmation';
import { confirmedRegistrationId } from './confirmation-kind';
import { registrantsOf } from './registration-repo';
import { registrations } from './tables';

/** `siteSource`: read per batch, so the e-mail names the event as edited now (issue 21). */
export function createConfirmationRenderer({ db, siteSource }: { db: Database; siteSource: SiteSource }): MailRenderer {
  return async (subjectIds) => {
    // A later confirmation's subject is `<registration id>:<occasion>` (confirmation-kind.ts).
    const ids = [...new Set(subjectIds.map(confirmedRegistrationId))].filter(isUuid); // Free text: checked.
    if (ids.length === 0) return new Map();
    const found = await db
      .select({
        id: registrations.id,
        number: registrations.number,
        email: registrations.email,
        createdAt: registrations.createdAt,
      })
      .from(registrations)
      .where(inArray(registrations.id, ids));
    if (found.length === 0) return new Map();
    const { site } = await siteSource.current();
    const byRegistration = await registrantsOf(
      db,
      found.map((r) => r.id),
    );
    const byId = new Map(
      found.map((registration) => [
        registration.id,
        renderConfirmation({ registration, registrants: byRegistration.get(registration.id) ?? [], site }),
      ]),
    );
    return new Map(
      subjectIds.flatMap((subjectId) => {
        const message = byId.get(confirmedRegistrationId(subjectId));
        return message ? [[subjectId, message] as const] : [];
      }),
    );
  };
}
