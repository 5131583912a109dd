/**
 * How many registration confirmations one address receives (issue 18, point 3). The form mails
 * whatever address is typed into it, so without a limit it is a relay: 20 registrations to one
 * victim sent 20 e-mails in 2.3 s. A registration is always stored; its confirmation is mailed only
 * while the recipient has had fewer than CONFIRMATIONS_PER_RECIPIENT, and the client address fewer
 * than CONFIRMATIONS_PER_CLIENT, in the last day. The answer says when it was not
 * (`confirmationEmailed: false`) and the page tells the visitor.
 *
 * Counted from the registrations themselves (`confirmation_emailed`), in the registration's own
 * transaction, under advisory locks on the recipient and the client address: simultaneous
 * registrations to one address are counted one after the other, so they cannot all slip under the
 * limit (the login limit's lesson, RELIABILITY.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrations } from './tables';

/** A family registering, then correcting a mistake twice, still gets every confirmation. */
export const CONFIRMATIONS_PER_RECIPIENT = 3;
/** A center's front desk registers several families in a day from one address. */
export const CONFIRMATIONS_PER_CLIENT = 10;
const WINDOW = sql.raw(`interval '1 day'`);

/** True when this registration's confirmation may be mailed. Call inside the registration's transaction. */
export async function mayMailConfirmation(
  tx: Pick<Database, 'execute'>,
  { email, clientIp }: { email: string; clientIp: string | null },
): Promise<boolean> {
  const keys = [`registration-mail:to:${email.toLowerCase()}`];
  if (clientIp !== null) keys.push(`registration-mail:ip:${clientIp}`);
  // One order everywhere, so two transactions never wait for each other's second lock.
  for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const r = registrations;
  const result = await tx.execute<{ recipient: number; client: number }>(sql`
    select
      (select count(*) from ${r} where lower(${r.email}) = lower(${email})
         and ${r.confirmationEmailed} and ${r.createdAt} > now() - ${WINDOW})::int as recipient,
      (select count(*) from ${r} where ${r.clientIp} = ${clientIp}
         and ${r.confirmationEmailed} and ${r.createdAt} > now() - ${WINDOW})::int as client`);
  const counts = result.rows[0];
  if (!counts) return true;
  return Number(counts.recipient) < CONFIRMATIONS_PER_RECIPIENT && Number(counts.client) < CONFIRMATIONS_PER_CLIENT;
}
