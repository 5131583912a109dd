import { randomUUID } from 'node:crypto';
import type { Database } from '#src/db/client';
import { mailOutbox } from '#src/modules/mail/tables';
import { CHANGE_MAIL_KIND } from './change-mail-kind';

export type ChangeMailPayload = { registrationId: string; change: string };

/** Queues the e-mail confirming a change, in the change's transaction: no change goes untold. */
export async function queueChangeMail(tx: Pick<Database, 'insert'>, payload: ChangeMailPayload): Promise<void> {
  await tx.insert(mailOutbox).values({ kind: CHANGE_MAIL_KIND, subjectId: randomUUID(), payload });
}

export function isChangeMailPayload(value: Readonly<Record<string, unknown>> | undefined): value is ChangeMailPayload {
  return typeof value?.registrationId === 'string' && typeof value.change === 'string';
}
