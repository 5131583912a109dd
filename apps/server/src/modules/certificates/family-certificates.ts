/**
 * The family's certificates: the registrants of their registration who are marked as having
 * completed the recitation (a certificate exists for them from the moment they are marked).
 */
import type { FamilyCertificates } from '@store/shared/certificates';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrants } from '#src/modules/registrations/tables';
import { recitationCompletions } from './tables';

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
