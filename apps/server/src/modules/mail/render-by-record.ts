/**
 * The body of a renderer whose subjects each name one database record (a member, an account): the
 * subject ids are read for their record id, the records are loaded in one query, and each subject
 * is written from its record. A subject whose id does not parse, or whose record is gone or cannot
 * be mailed (`write` answers undefined), is left out: that message fails, like an undeliverable one.
 */
import { isUuid } from '#src/lib/uuid';
import type { RenderedMail } from './render';

export async function renderByRecord<R extends { id: string }>(
  subjectIds: readonly string[],
  recordIdOf: (subjectId: string) => string | undefined,
  load: (ids: string[]) => Promise<readonly R[]>,
  write: (record: R) => RenderedMail | undefined,
): Promise<Map<string, RenderedMail>> {
  const bySubject = new Map<string, string>();
  for (const subjectId of subjectIds) {
    const recordId = recordIdOf(subjectId);
    if (recordId !== undefined && isUuid(recordId)) bySubject.set(subjectId, recordId);
  }
  const rendered = new Map<string, RenderedMail>();
  if (bySubject.size === 0) return rendered;
  const byId = new Map((await load([...new Set(bySubject.values())])).map((record) => [record.id, record]));
  for (const [subjectId, recordId] of bySubject) {
    const record = byId.get(recordId);
    const mail = record === undefined ? undefined : write(record);
    if (mail !== undefined) rendered.set(subjectId, mail);
  }
  return rendered;
}
