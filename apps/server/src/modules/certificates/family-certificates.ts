/**
 * The family's certificates: the registrants of their registration who are marked as having
 * completed the recitation (a certificate exists for them from the moment they are marked).
 */
import type { FamilyCertificates } from '@store/shared/certificates';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { type EventLinkKey, readEventLink } from '#src/modules/registrations/event-link';
import { registrants } from '#src/modules/registrations/tables';
import { recitationCompletions } from './tables';

/** The registration a family link names; a forged link is 400, an expired one 410, as on the family page. */
export function familyRegistrationOf(key: EventLinkKey, token: string): string {
  const link = readEventLink(key, 'family', token);
  if (link.ok) return link.id;
  if (link.reason === 'expired')
    throw new AppError(
      'invalid_token',
      'This link has expired. Ask for a new one on the registration page ("Lost your link?").',
      { status: 410, fields: { token: 'expired' } },
    );
  throw new AppError('invalid_token', 'This link is not valid. Use the link from your e-mail as it is.', {
    fields: { token: 'invalid' },
  });
}

export async function familyCertificates(
  db: Pick<Database, 'select'>,
  registrationId: string,
): Promise<FamilyCertificates> {
  const rows = await db
    .select({ registrantId: registrants.id, firstName: registrants.firstName, lastName: registrants.lastName })
    .from(recitationCompletions)
    .innerJoin(registrants, eq(registrants.id, recitationCompletions.registrantId))
    .where(eq(registrants.registrationId, registrationId))
    .orderBy(asc(registrants.position));
  return { certificates: rows };
}
