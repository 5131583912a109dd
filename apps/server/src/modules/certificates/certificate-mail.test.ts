/**
 * Certificates sent once, end to end: "Send certificates" pressed twice at once and then again, the
 * real mail worker rendering with the app's renderers and delivering over SMTP to a local server.
 * Each marked registrant receives one e-mail, with their certificate PDF attached, whose text reads
 * back their name in Telugu.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { mailOutbox } from '#src/modules/mail/tables';
import type { MailWorker } from '#src/modules/mail/worker';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { pdfText } from '../../../test/pdf-text';
import { decodedMail, mailAttachments, messagesTo, startSmtpMailWorker } from '../../../test/smtp-mail-path';
import { signInStaff, staffCall } from '../../../test/staff-helpers';
import { sortedLetters, teluguStretches } from '../../../test/telugu-letters';
import { describeWithDb } from '../../../test/test-db';
import { adultPerson, childPerson, seedRegistration, seedSession } from '../../../test/ticket-fixtures';
import { CERTIFICATE_KIND } from './certificate-kind';

describeWithDb('the certificate e-mail over SMTP', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let worker: MailWorker;

  beforeAll(async () => {
    t = await buildTestApp();
    smtp = await startFakeSmtpServer();
    worker = startSmtpMailWorker({
      db: t.testDb.db,
      site: t.site,
      smtp,
      logger: createLogger('silent'),
      sessionSecret: TEST_SESSION_SECRET,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
    await t?.close();
  });

  it('delivers one certificate per marked registrant, however often and concurrently "send" is pressed', async () => {
    const session = await seedSession(t.testDb.db);
    const mother = 'lakshmi.certificate@example.org';
    const child = 'anu.certificate@example.org';
    const { registrants } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      email: mother,
      people: [
        adultPerson({ firstName: 'లక్ష్మి', lastName: 'Rao', email: mother }),
        childPerson({ firstName: 'Anu', email: child }),
        adultPerson({ firstName: 'Ravi', email: 'ravi.not.marked@example.org' }),
      ],
    });
    const owner = await signInStaff(t, 'owner');
    const url = `/api/staff/sessions/${session.id}`;
    const [lakshmi, anu] = registrants;
    if (!lakshmi || !anu) throw new Error('not seeded');
    expect(
      (await staffCall(t.app, owner, 'PUT', `${url}/completions/${lakshmi.id}`, { how: 'memory' })).statusCode,
    ).toBe(200);
    expect(
      (await staffCall(t.app, owner, 'PUT', `${url}/completions/${anu.id}`, { how: 'fluent_reading' })).statusCode,
    ).toBe(200);

    const presses = await Promise.all([
      staffCall(t.app, owner, 'POST', `${url}/certificates/send`),
      staffCall(t.app, owner, 'POST', `${url}/certificates/send`),
    ]);
    expect(presses.map((res) => res.statusCode)).toEqual([200, 200]);
    worker.kick();
    const [toMother] = await messagesTo(smtp, mother, 1);
    const [toChild] = await messagesTo(smtp, child, 1);
    // Pressed again once the mails have gone: nothing new is queued.
    expect((await staffCall(t.app, owner, 'POST', `${url}/certificates/send`)).json()).toEqual({
      queued: 0,
      alreadySent: 2,
    });
    // The outbox holds one message per marked registrant, so no second mail can go out.
    const outbox = await t.testDb.db
      .select({ subjectId: mailOutbox.subjectId })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, CERTIFICATE_KIND),
          inArray(
            mailOutbox.subjectId,
            registrants.map((r) => r.id),
          ),
        ),
      );
    expect(outbox.map((m) => m.subjectId).sort()).toEqual([lakshmi.id, anu.id].sort());
    expect(smtp.messages.filter((m) => m.to.includes(mother))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes(child))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes('ravi.not.marked@example.org'))).toHaveLength(0);

    const raw = toMother?.data ?? '';
    const text = decodedMail(raw);
    expect(text).toContain('Completed: Recited by memory');
    expect(text).toContain('Where: Dallas Center, Texas, Datta Auditorium');
    const [pdf, ...others] = mailAttachments(raw, 'application/pdf');
    expect(others).toEqual([]);
    expect(pdf?.fileName).toMatch(/^certificate-BGM-\d{6}-1\.pdf$/);
    const words = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(teluguStretches(words)).toContain(sortedLetters('లక్ష్మి'));
    expect(words).toContain('Recited by memory');
    expect(words).toContain('Saturday, May 15, 2027');

    const [childPdf] = mailAttachments(toChild?.data ?? '', 'application/pdf');
    const childWords = await pdfText(childPdf?.content ?? Buffer.alloc(0));
    expect(childWords).toContain('Anu Rao');
    expect(childWords).toContain('Fluent reading');
  });
});
