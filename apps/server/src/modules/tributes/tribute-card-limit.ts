/**
 * How many tribute cards one address receives, and one client sends: the checkout mails whatever
 * address a donor types as the card's recipient, so like the registration's confirmations
 * (registrations/confirmation-limit.ts, issue 18 point 3) it would otherwise be a relay. A card is
 * queued only while the recipient has had fewer than CARDS_PER_RECIPIENT, and the paying client
 * address fewer than CARDS_PER_CLIENT, in the last day; counted from `tribute_cards` itself (the
 * 'queued' rows), under advisory locks taken in one order, so simultaneous settlements to one
 * address are counted one after the other and cannot all slip under the limit.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { tributeCards } from './tables';

/** A donor honouring someone, and two friends of theirs doing the same, all reach the family. */
export const CARDS_PER_RECIPIENT = 3;
/** A center's front desk enters several families' gifts in a day from one address. */
export const CARDS_PER_CLIENT = 10;
const WINDOW = sql.raw(`interval '1 day'`);

/** True when this card may be sent. Call inside the transaction that writes its row. */
export async function mayQueueTributeCard(
  tx: Pick<Database, 'execute' | 'select'>,
  { email, clientIp }: { email: string; clientIp: string | null },
): Promise<boolean> {
  const keys = [`tribute-card:to:${email.toLowerCase()}`];
  if (clientIp !== null) keys.push(`tribute-card:ip:${clientIp}`);
  // One order everywhere, so two transactions never wait for each other's second lock.
  for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const t = tributeCards;
  const recent = and(eq(t.status, 'queued'), gt(t.createdAt, sql`now() - ${WINDOW}`));
  const [toRecipient] = await tx
    .select({ n: count() })
    .from(t)
    .where(and(recent, sql`lower(${t.recipientEmail}) = lower(${email})`));
  if (Number(toRecipient?.n ?? 0) >= CARDS_PER_RECIPIENT) return false;
  if (clientIp === null) return true;
  const [fromClient] = await tx
    .select({ n: count() })
    .from(t)
    .where(and(recent, eq(t.clientIp, clientIp)));
  return Number(fromClient?.n ?? 0) < CARDS_PER_CLIENT;
}
