/**
 * The frame of every change a family makes from its page: ONE transaction that locks the
 * registration, refuses it once cancelled or after the cut-off, makes the change (places, tickets,
 * offers to the waiting list) and queues the e-mail that confirms it. Nothing half-done survives a
 * failure: a refusal thrown inside rolls the whole change back.
 */
import type { EventSettings } from '@store/shared/event-sessions';
import type { Database } from '#src/db/client';
import { changesCloseAt } from './change-cutoff';
import { changesClosed, familyLinkInvalid, registrationCancelled } from './family-errors';
import { type Family, loadFamily } from './family-repo';
import { queueChangeMail } from './queue-change-mail';

export type ManageContext = {
  db: Database;
  settings: Pick<EventSettings, 'changeCutoffHours' | 'offerHoldHours'>;
  now?: () => Date;
};

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function changeFamily(
  context: ManageContext,
  registrationId: string,
  /** What changed, for the e-mail; null when nothing did (nothing is mailed). */
  change: (tx: Tx, family: Family) => Promise<string | null>,
): Promise<void> {
  const now = context.now?.() ?? new Date();
  await context.db.transaction(async (tx) => {
    const family = await loadFamily(tx, registrationId, { forUpdate: true });
    // A genuine link to a registration since deleted (an account erased): as good as no link.
    if (!family) throw familyLinkInvalid();
    const { registration, session } = family;
    if (registration.status === 'cancelled' || registration.status === 'lapsed') throw registrationCancelled();
    if (session) {
      const closesAt = changesCloseAt(session.startsAt, context.settings.changeCutoffHours);
      if (now >= closesAt) throw changesClosed(closesAt, session.timeZone);
    }
    const summary = await change(tx, family);
    if (summary !== null) await queueChangeMail(tx, { registrationId, change: summary });
  });
}
