/**
 * A registration's tickets as the family gets them: the live tickets, signed, in one PDF. Used by
 * the confirmation (attached), the family's download and the account's download. Null when the
 * registration holds no live ticket (on the waiting list, cancelled). In the family's language (the
 * registration's `locale`; unset, English).
 */
import type { Locale } from '@store/shared/i18n/locales';
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { signTicket } from './sign-ticket';
import { ticketDocument } from './ticket-document';
import type { TicketKeys } from './ticket-keys';
import { renderTicketPdf } from './ticket-pdf';
import { liveTicketsOfRegistration } from './ticket-repo';

export type TicketsPdf = { pdf: Buffer; count: number; fileName: string };

/** The center's name as staff edited it, or a neutral word for a center since removed. */
export function centerNameIn(site: Pick<Site, 'centers'>, centerId: number): string {
  return site.centers.find((center) => center.id === centerId)?.name ?? 'Center';
}

export async function registrationTicketsPdf(
  db: Pick<Database, 'select'>,
  {
    registration,
    keys,
    site,
  }: {
    registration: { id: string; number: number; locale?: Locale | undefined };
    keys: Pick<TicketKeys, 'privateKey'>;
    site: Pick<Site, 'centers' | 'event' | 'foundation'>;
  },
): Promise<TicketsPdf | null> {
  const holders = await liveTicketsOfRegistration(db, registration.id);
  if (holders.length === 0) return null;
  const document = ticketDocument({
    eventTitle: site.event.title,
    foundationName: site.foundation.name,
    registrationNumber: registration.number,
    holders,
    centerName: (centerId) => centerNameIn(site, centerId),
    sign: (ticket) => signTicket(keys, ticket),
    locale: registration.locale,
  });
  return {
    pdf: await renderTicketPdf(document),
    count: holders.length,
    fileName: `tickets-${document.registrationNumber}.pdf`,
  };
}
