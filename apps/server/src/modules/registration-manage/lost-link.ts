/**
 * "Lost your link?": a fresh "Your registration" link for each registration of an address, by
 * e-mail to that address only. The answer is the same whether or not it registered anyone, so the
 * form tells nobody who registered.
 *
 * Limits, counted from the requests in the request's own transaction under advisory locks (as the
 * confirmations are, registrations/confirmation-limit.ts): an address gets at most
 * LINKS_PER_ADDRESS e-mails an hour, quietly (a stranger typing someone's address cannot tell, nor
 * flood them); one client may ask LINKS_PER_CLIENT times an hour, then is told to wait (429), which
 * says nothing about any address.
 */

import { familyTexts } from '@store/shared/family-registration';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { queueMail } from '#src/modules/mail/outbox';
import { registrations } from '#src/modules/registrations/tables';
import { LINKS_MAIL_KIND } from './change-mail-kind';
import { familyLinkRequests } from './tables';

export const LINKS_PER_ADDRESS = 3;
export const LINKS_PER_CLIENT = 10;
const WINDOW = sql.raw(`interval '1 hour'`);

/** True when an e-mail was queued (the route answers the same either way). */
export async function requestFamilyLinks(
  db: Database,
  { email, clientIp }: { email: string; clientIp: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const keys = [`family-link:to:${email.toLowerCase()}`];
    if (clientIp !== null) keys.push(`family-link:ip:${clientIp}`);
    for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const f = familyLinkRequests;
    const recent = gt(f.createdAt, sql`now() - ${WINDOW}`);
    if (clientIp !== null) {
      const [fromClient] = await tx
        .select({ n: count() })
        .from(f)
        .where(and(eq(f.clientIp, clientIp), recent));
      if ((fromClient?.n ?? 0) >= LINKS_PER_CLIENT) throw new AppError('rate_limited', familyTexts.lostLinkTooMany);
    }
    const [toAddress] = await tx
      .select({ n: count() })
      .from(f)
      .where(and(sql`lower(${f.email}) = lower(${email})`, eq(f.mailed, true), recent));
    const [registered] = await tx
      .select({ n: count() })
      .from(registrations)
      .where(sql`lower(${registrations.email}) = lower(${email})`);
    const mailed = (registered?.n ?? 0) > 0 && (toAddress?.n ?? 0) < LINKS_PER_ADDRESS;
    const [request] = await tx.insert(f).values({ email, clientIp, mailed }).returning({ id: f.id });
    if (mailed && request) await queueMail(tx, { kind: LINKS_MAIL_KIND, subjectId: request.id });
    return mailed;
  });
}
