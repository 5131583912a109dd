/**
 * The outbox's messages about one subject (an order, a registration) as the mail worker sends them:
 * a message queued by reference (kind and subject id) is written by the renderer the app registers
 * for its kind (src/mail-renderers.ts), through the worker's own preparation (mail/render.ts), so a
 * test reads the same subject, addresses and bodies a donor would receive. `kind`: only that kind's
 * (an account link's row is the subject of the link's mail and of the notice that follows it).
 */
import type { Site } from '@store/shared/site';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { mailRenderers } from '#src/mail-renderers';
import { prepareBatch } from '#src/modules/mail/render';
import { mailOutbox } from '#src/modules/mail/tables';
import { TEST_SECRETS } from './build-test-app';

export async function outboxMessages(db: Database, site: Site, subjectId: string, kind?: string) {
  const about = eq(mailOutbox.subjectId, subjectId);
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(kind === undefined ? about : and(about, eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.seq));
  const prepared = await prepareBatch(rows, mailRenderers({ db, site, secrets: TEST_SECRETS, signature: null }));
  return prepared.map((item) => {
    if ('error' in item) throw item.error;
    return { ...item.mail, ...item.outgoing };
  });
}
