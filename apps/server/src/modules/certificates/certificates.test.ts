/**
 * Certificates through the API as the back office and the family page call it, on both databases:
 * the session's list (checked in at the door or not), marking one by one, the CSV (all lines or
 * none, each wrong line named), sending once however often and however concurrently it is pressed,
 * what a sent certificate locks, the family's download, and who may do what.
 */
import { randomUUID } from 'node:crypto';
import {
  certificateSendResultSchema,
  completionImportErrorsSchema,
  familyCertificatesSchema,
  sessionCompletionsSchema,
} from '@store/shared/certificates';
import { shortTicketId } from '@store/shared/ticket-code';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkIns } from '#src/modules/check-in/tables';
import { mailOutbox } from '#src/modules/mail/tables';
import { eventLinkKey, eventLinkToken } from '#src/modules/registrations/event-link';
import { STAFF_COOKIE } from '#src/modules/staff/staff-cookie';
import { auditLog } from '#src/modules/staff/tables';
import { SITE_ORIGIN } from '../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { pdfText } from '../../../test/pdf-text';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { sortedLetters, teluguStretches } from '../../../test/telugu-letters';
import { describeWithDb } from '../../../test/test-db';
import { adultPerson, childPerson, seedRegistration, seedSession } from '../../../test/ticket-fixtures';
import { CERTIFICATE_KIND } from './certificate-kind';

const DAY = 24 * 60 * 60 * 1000;
const linkKey = eventLinkKey(TEST_SESSION_SECRET);
const familyToken = (registrationId: string) =>
  eventLinkToken(linkKey, 'family', registrationId, new Date(Date.now() + DAY));

describeWithDb('certificates', () => {
  let t: TestApp;
  let owner: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signInStaff(t, 'owner');
  });
  afterAll(() => t?.close());

  const base = (sessionId: number) => `/api/staff/sessions/${sessionId}`;
  const list = async (sessionId: number, who: SignedInStaff = owner) => {
    const res = await staffCall(t.app, who, 'GET', `${base(sessionId)}/completions`);
    expect(res.statusCode).toBe(200);
    return sessionCompletionsSchema.parse(res.json()).rows;
  };
  const mark = (sessionId: number, registrantId: string, how: string, who: SignedInStaff = owner) =>
    staffCall(t.app, who, 'PUT', `${base(sessionId)}/completions/${registrantId}`, { how });
  const upload = (sessionId: number, csv: string, contentType = 'text/csv', who: SignedInStaff = owner) =>
    t.app.inject({
      method: 'POST',
      url: `${base(sessionId)}/completions/import`,
      payload: csv,
      headers: { origin: SITE_ORIGIN, 'content-type': contentType },
      cookies: { [STAFF_COOKIE]: who.token },
    });
  const send = (sessionId: number, who: SignedInStaff = owner) =>
    staffCall(t.app, who, 'POST', `${base(sessionId)}/certificates/send`);

  /** A session of the Dallas center (2) with a family of an adult and a child, and another family. */
  const seeded = async () => {
    const session = await seedSession(t.testDb.db);
    const family = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'లక్ష్మి', lastName: 'Rao' }), childPerson({ firstName: 'Anu' })],
    });
    const other = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'Meera', lastName: 'Iyer' })],
    });
    const [adult, child] = family.registrants;
    const [meera] = other.registrants;
    const [adultTicket, childTicket] = family.tickets;
    const [meeraTicket] = other.tickets;
    if (!adult || !child || !meera || !adultTicket || !childTicket || !meeraTicket) throw new Error('not seeded');
    return { session, family, other, adult, child, meera, adultTicket, childTicket, meeraTicket };
  };

  it('lists the session’s registrants with their ticket number and whether they checked in at the door', async () => {
    const { session, adult, child, adultTicket } = await seeded();
    await t.testDb.db.insert(checkIns).values({
      id: randomUUID(),
      ticketId: adultTicket.id,
      sessionId: session.id,
      deviceId: randomUUID(),
      deviceName: 'Door 1',
      scannedAt: new Date(),
      method: 'scan',
      outcome: 'kept',
    });
    const rows = await list(session.id);
    expect(rows.map((r) => [r.name, r.checkedIn, r.how, r.minor])).toEqual([
      ['లక్ష్మి Rao', true, null, false],
      ['Anu Rao', false, null, true],
      ['Meera Iyer', false, null, false],
    ]);
    expect(rows[0]).toMatchObject({ registrantId: adult.id, ticketNumber: shortTicketId(adultTicket.id) });
    expect(rows[1]).toMatchObject({ registrantId: child.id, category: 'Child', certificateQueuedAt: null });
  });

  it('marks one by one, changes and removes a mark, each audited; a wrong kind or registrant changes nothing', async () => {
    const { session, adult, child } = await seeded();
    const marked = await mark(session.id, adult.id, 'memory');
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ registrantId: adult.id, how: 'memory', certificateQueuedAt: null });
    expect((await mark(session.id, adult.id, 'fluent_reading')).json()).toMatchObject({ how: 'fluent_reading' });
    expect((await mark(session.id, child.id, 'memory')).statusCode).toBe(200);

    const bad = await mark(session.id, adult.id, 'singing');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('how');
    const elsewhere = await seedSession(t.testDb.db);
    const notHere = await mark(elsewhere.id, adult.id, 'memory');
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().error.fields).toHaveProperty('registrantId');
    expect((await mark(session.id, 'not-a-uuid', 'memory')).statusCode).toBe(400);

    const removed = await staffCall(t.app, owner, 'DELETE', `${base(session.id)}/completions/${child.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await staffCall(t.app, owner, 'DELETE', `${base(session.id)}/completions/${child.id}`)).statusCode).toBe(
      404,
    );
    expect((await list(session.id)).map((r) => r.how)).toEqual(['fluent_reading', null, null]);

    const audit = await t.testDb.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, adult.id));
    expect(audit.map((a) => a.action)).toEqual(['completion.mark', 'completion.mark']);
    expect(audit[1]).toMatchObject({ before: { how: 'memory' }, after: { how: 'fluent_reading' } });
  });

  it('marks from a CSV by ticket number or full id, labels in any case, an empty Completed removing a mark', async () => {
    const { session, child, adultTicket, childTicket, meeraTicket } = await seeded();
    await mark(session.id, child.id, 'memory');
    const csv = [
      'Name,Ticket,Completed,Notes',
      `"Rao, Lakshmi",${shortTicketId(adultTicket.id).toLowerCase()},BY MEMORY,"said it ""all"""`,
      `Anu,${childTicket.id},,`,
      `Meera,${shortTicketId(meeraTicket.id)},Fluent reading,`,
      '',
    ].join('\r\n');
    const res = await upload(session.id, `\uFEFF${csv}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked: 2, unmarked: 1, unchanged: 0 });
    expect((await list(session.id)).map((r) => r.how)).toEqual(['memory', null, 'fluent_reading']);
    // The same file again changes nothing.
    expect((await upload(session.id, csv)).json()).toEqual({ marked: 0, unmarked: 0, unchanged: 3 });
    const [audit] = await t.testDb.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'completion.import'), eq(auditLog.targetId, String(session.id))));
    expect(audit?.after).toEqual({ marked: 2, unmarked: 1, unchanged: 0, lines: 3 });
  });

  it('refuses a CSV with any wrong line, naming each line and field, and stores nothing', async () => {
    const { session, adultTicket, childTicket, meeraTicket } = await seeded();
    const another = await seeded();
    const csv = [
      'Ticket,Completed',
      `${shortTicketId(adultTicket.id)},By memory`,
      `${shortTicketId(childTicket.id)},sang it`,
      `${shortTicketId(another.adultTicket.id)},By memory`,
      ',By memory',
      'nonsense!,By memory',
      `${shortTicketId(adultTicket.id)},Fluent reading`,
      `${randomUUID()},By memory`,
      `${meeraTicket.id},Fluent reading`,
    ].join('\n');
    const res = await upload(session.id, csv);
    expect(res.statusCode).toBe(400);
    const body = completionImportErrorsSchema.parse(res.json());
    expect(body.message).toBe('Nothing was marked: 6 lines need correcting.');
    expect(body.lines.map((l) => l.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(body.lines[0]?.message).toMatch(
      /^Line 3: Completed must be "By memory", "Fluent reading" or empty, not "sang it"/,
    );
    expect(body.lines[1]?.message).toBe(
      `Line 4: Ticket ${shortTicketId(another.adultTicket.id)} is of another session.`,
    );
    expect(body.lines[2]?.message).toBe('Line 5: Ticket is empty.');
    expect(body.lines[3]?.message).toMatch(/^Line 6: Ticket "nonsense!" is not a ticket number/);
    expect(body.lines[4]?.message).toBe(`Line 7: Ticket ${shortTicketId(adultTicket.id)} is already on line 2.`);
    expect(body.lines[5]?.message).toMatch(/^Line 8: there is no ticket /);
    expect((await list(session.id)).every((r) => r.how === null)).toBe(true);

    const noColumns = await upload(session.id, 'Name,Done\nAsha,yes\n');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().error.fields).toHaveProperty('body');
    const unclosed = await upload(session.id, `Ticket,Completed\n"${shortTicketId(adultTicket.id)},By memory\n`);
    expect(unclosed.json().lines).toEqual([{ line: 2, message: 'Line 2: a quoted field is never closed.' }]);
    expect((await upload(session.id, 'Ticket,Completed\n', 'text/csv')).statusCode).toBe(400);
    const json = await upload(session.id, JSON.stringify({ ticket: 'x' }), 'application/json');
    expect(json.statusCode).toBe(415);
    const tooLarge = await upload(session.id, `Ticket,Completed\n${'x'.repeat(1_000_001)}`);
    expect(tooLarge.statusCode).toBe(413);
  });

  it('sends once per marked registrant however often, even pressed twice at once, and locks what was sent', async () => {
    const { session, adult, child, meera, adultTicket } = await seeded();
    await mark(session.id, adult.id, 'memory');
    await mark(session.id, child.id, 'fluent_reading');
    const [first, second] = await Promise.all([send(session.id), send(session.id)]);
    const results = [first, second].map((res) => certificateSendResultSchema.parse(res?.json()));
    expect(results.map((r) => r.queued).sort()).toEqual([0, 2]);
    expect(results.map((r) => r.queued + r.alreadySent)).toEqual([2, 2]);
    const outbox = await t.testDb.db
      .select({ subjectId: mailOutbox.subjectId })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, CERTIFICATE_KIND));
    expect(
      outbox
        .map((m) => m.subjectId)
        .filter((id) => [adult.id, child.id].includes(id))
        .sort(),
    ).toEqual([adult.id, child.id].sort());

    // Meera marked later: only her certificate goes; the others count as sent.
    await mark(session.id, meera.id, 'memory');
    expect((await send(session.id)).json()).toEqual({ queued: 1, alreadySent: 2 });
    expect((await send(session.id)).json()).toEqual({ queued: 0, alreadySent: 3 });
    const sends = await t.testDb.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificates.send'), eq(auditLog.targetId, String(session.id))));
    expect(sends).toHaveLength(4);

    const rows = await list(session.id);
    expect(rows.every((r) => r.certificateQueuedAt !== null)).toBe(true);
    const change = await mark(session.id, adult.id, 'fluent_reading');
    expect(change.statusCode).toBe(409);
    expect(change.json().error.code).toBe('certificate_sent');
    const remove = await staffCall(t.app, owner, 'DELETE', `${base(session.id)}/completions/${adult.id}`);
    expect(remove.statusCode).toBe(409);
    const csv = await upload(session.id, `Ticket,Completed\n${shortTicketId(adultTicket.id)},\n`);
    expect(csv.json().lines[0].message).toMatch(
      /^Line 2: లక్ష్మి Rao's certificate was sent on \d{4}-\d{2}-\d{2}; it cannot be changed\.$/,
    );
    expect((await list(session.id)).map((r) => r.how)).toEqual(['memory', 'fluent_reading', 'memory']);
  });

  it('lets the family download a marked person’s certificate with their link; 404 until marked', async () => {
    const { session, family, adult, child, meera } = await seeded();
    const token = familyToken(family.registration.id);
    const download = (registrantId: string, withToken = token) =>
      t.app.inject({
        url: `/api/public/registrations/yours/certificates/${registrantId}.pdf?token=${encodeURIComponent(withToken)}`,
      });
    const listed = async () => {
      const res = await t.app.inject({
        url: '/api/public/registrations/yours/certificates',
        headers: { 'x-family-token': token },
      });
      expect(res.statusCode).toBe(200);
      return familyCertificatesSchema.parse(res.json()).certificates;
    };
    expect(await listed()).toEqual([]);
    expect((await download(adult.id)).statusCode).toBe(404);

    await mark(session.id, adult.id, 'memory');
    await mark(session.id, meera.id, 'memory');
    expect(await listed()).toEqual([{ registrantId: adult.id, firstName: 'లక్ష్మి', lastName: 'Rao' }]);
    const res = await download(adult.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certificate-BGM-\d{6}-1\.pdf"$/);
    const text = await pdfText(res.rawPayload);
    expect(teluguStretches(text)).toContain(sortedLetters('లక్ష్మి'));
    expect(text).toContain('Bhagavad Gita Mahayagna');
    expect(text).toContain('Recited by memory');
    expect(text).toContain('Saturday, May 15, 2027');

    // Another family's person, a child not marked, a forged link: nothing.
    expect((await download(meera.id)).statusCode).toBe(404);
    expect((await download(child.id)).statusCode).toBe(404);
    expect((await download(adult.id, `${token}x`)).statusCode).toBe(400);
    const noHeader = await t.app.inject({ url: '/api/public/registrations/yours/certificates' });
    expect(noHeader.statusCode).toBe(400);
  });

  it('lets owners, editors and a volunteer of the session’s center mark; others 403, signed out 401', async () => {
    const { session, adult } = await seeded();
    const own = await signInStaff(t, 'volunteer', { centerId: 2 });
    const other = await signInStaff(t, 'volunteer', { centerId: 1 });
    const editor = await signInStaff(t, 'editor');
    const treasurer = await signInStaff(t, 'treasurer');
    expect((await mark(session.id, adult.id, 'memory', own)).statusCode).toBe(200);
    expect((await mark(session.id, adult.id, 'fluent_reading', editor)).statusCode).toBe(200);
    const refused = await mark(session.id, adult.id, 'memory', other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('other_center');
    expect((await send(session.id, other)).statusCode).toBe(403);
    expect((await upload(session.id, 'Ticket,Completed\n', 'text/csv', other)).statusCode).toBe(403);
    expect((await staffCall(t.app, other, 'GET', `${base(session.id)}/completions`)).statusCode).toBe(403);
    expect((await mark(session.id, adult.id, 'memory', treasurer)).statusCode).toBe(403);
    expect((await staffCall(t.app, undefined, 'GET', `${base(session.id)}/completions`)).statusCode).toBe(401);
    expect((await staffCall(t.app, owner, 'GET', `${base(999_999)}/completions`)).statusCode).toBe(404);
    expect((await list(session.id, own))[0]?.how).toBe('fluent_reading');
  });
});
