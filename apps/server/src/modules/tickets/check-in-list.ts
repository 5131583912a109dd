/**
 * A session's check-in list (packages/shared/src/check-in-list.ts): every live ticket with its code
 * and the name to call out, a minor's parents, and the revoked ids. A volunteer reads only their
 * own center's sessions.
 */
import type { CheckInList } from '@store/shared/check-in-list';
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { doorGuardians, registrantName } from '#src/modules/registrations/registrant-format';
import { sessionInScope } from './session-in-scope';
import { signTicket } from './sign-ticket';
import { ticketCategory } from './ticket-document';
import type { TicketKeys } from './ticket-keys';
import { sessionTickets } from './ticket-repo';

export async function checkInList(
  db: Pick<Database, 'select'>,
  {
    sessionId,
    centerScope,
    keys,
    site,
    now = new Date(),
  }: {
    sessionId: number;
    /** A volunteer's center: another center's session is refused. Undefined: every center. */
    centerScope: number | undefined;
    keys: TicketKeys;
    site: Pick<Site, 'centers'>;
    now?: Date;
  },
): Promise<CheckInList> {
  const session = await sessionInScope(db, { sessionId, centerScope, site });
  const { centerName } = session;
  const { live, revoked } = await sessionTickets(db, sessionId);
  return {
    session: {
      id: session.id,
      centerId: session.centerId,
      centerName,
      hall: session.hall,
      address: session.address,
      startsAt: session.startsAt.toISOString(),
      timeZone: session.timeZone,
    },
    generatedAt: now.toISOString(),
    publicKey: keys.published,
    tickets: live.map(({ ticket, registrant }) => {
      const guardians = doorGuardians(registrant);
      return {
        ticketId: ticket.id,
        code: signTicket(keys, ticket),
        name: registrantName(registrant),
        category: ticketCategory(registrant),
        minor: guardians !== null,
        guardians,
      };
    }),
    revoked,
  };
}
