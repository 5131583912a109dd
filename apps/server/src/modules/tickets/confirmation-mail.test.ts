/**
 * The confirmation a family receives, through the real mail path (the mail worker rendering with the
 * app's renderers, sending over SMTP to a local server): a registered family's carries the session
 * and the tickets PDF, whose QR codes verify with the published key, and "Your registration" links
 * to a page whose token downloads the same tickets; a waiting family's says its number in line.
 */
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { queueMail } from '#src/modules/mail/outbox';
import type { MailWorker } from '#src/modules/mail/worker';
import { CONFIRMATION_KIND } from '#src/modules/registrations/confirmation-kind';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { pdfText } from '../../../test/pdf-text';
import { decodedMail, mailAttachments, messagesTo, startSmtpMailWorker } from '../../../test/smtp-mail-path';
import { describeWithDb } from '../../../test/test-db';
import { adultPerson, childPerson, seedRegistration, seedSession } from '../../../test/ticket-fixtures';
import { decodeTicketQrFromPdf } from '../../../test/ticket-qr';
import { verifyTicket } from './verify-ticket';

describeWithDb('the confirmation e-mail over SMTP', () => {
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
      storeUrl: 'https://store.example.org',
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
    await t?.close();
  });

  const confirm = async (registrationId: string, email: string) => {
    await queueMail(t.testDb.db, { kind: CONFIRMATION_KIND, subjectId: registrationId });
    worker.kick();
    const [message] = await messagesTo(smtp, email, 1);
    if (!message) throw new Error(`no confirmation reached ${email}`);
    return message.data;
  };

  it('says the session and who is registered, attaches the tickets PDF and links "Your registration"', async () => {
    const session = await seedSession(t.testDb.db);
    const email = 'lakshmi.family@example.org';
    const { registration, tickets } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      email,
      people: [adultPerson({ firstName: 'లక్ష్మి', lastName: 'Rao', email }), childPerson({ email })],
    });
    const raw = await confirm(registration.id, email);
    const text = decodedMail(raw);
    expect(text).toContain('When: Saturday, May 15, 2027 at 9:00 AM CDT');
    expect(text).toContain('Where: Dallas Center, Texas, Datta Auditorium');
    expect(text).toContain('Address: 4455 Legacy Dr, Frisco, TX 75034');
    expect(text).toContain('2. Anu Rao, age 9');
    expect(text).toContain('Your 2 tickets are attached as a PDF');

    const [attachment, ...others] = mailAttachments(raw, 'application/pdf');
    expect(others).toEqual([]);
    expect(attachment?.fileName).toMatch(/^tickets-BGM-\d{6}\.pdf$/);
    const pdf = attachment?.content ?? Buffer.alloc(0);
    const words = await pdfText(pdf);
    expect(words).toContain('Anu Rao');
    expect(words).toContain('Datta Auditorium');
    for (const ticket of tickets) expect(words).toContain(ticket.id);

    // The codes verify with the key the site publishes, as a door's device would check them.
    const published = (await t.app.inject({ url: '/api/public/tickets/public-key' })).json();
    const publicKey = createPublicKey({ key: published.jwk, format: 'jwk' });
    const codes = await decodeTicketQrFromPdf(pdf);
    expect(codes.map((code) => verifyTicket(publicKey, code))).toEqual(
      tickets.map((ticket) => ({ ok: true, payload: { t: ticket.id, s: session.id, v: 1 } })),
    );

    // "Your registration" carries a family token that downloads the same tickets.
    const link = /https:\/\/store\.example\.org\/registration\/yours\?token=([^\s"<]+)/.exec(text);
    expect(link).not.toBeNull();
    const download = await t.app.inject({
      url: `/api/public/registrations/tickets.pdf?token=${link?.[1] ?? ''}`,
    });
    expect(download.statusCode).toBe(200);
    expect(await decodeTicketQrFromPdf(download.rawPayload)).toEqual(codes);
  });

  it('tells a waiting family its number in line and what happens next, with no tickets', async () => {
    const session = await seedSession(t.testDb.db, { capacity: 0 });
    const first = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      status: 'waiting',
      people: [adultPerson()],
    });
    const email = 'second.in.line@example.org';
    const second = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      status: 'waiting',
      email,
      people: [adultPerson({ email }), childPerson({ email })],
    });
    expect(first.registration.waitlistRank).toBeLessThan(second.registration.waitlistRank ?? 0);
    const raw = await confirm(second.registration.id, email);
    const text = decodedMail(raw);
    expect(text).toMatch(/^Subject: .*\(waiting list\)/m);
    expect(text).toContain('This confirms that 2 people joined the waiting list');
    expect(text).toContain('your family is number 2 on the waiting list. You have no tickets yet.');
    expect(text).toContain('The offer holds the places for 48 hours: accept in time and your tickets follow by e-mail');
    expect(mailAttachments(raw, 'application/pdf')).toEqual([]);
    expect(text).toContain('https://store.example.org/registration/yours?token=');
  });
});
