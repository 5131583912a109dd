/**
 * Messages to registrants through the staff API and the real mail path: who each audience reaches,
 * the preview's count against the rows Send writes, Send pressed twice, the rate, every recipient
 * getting the message once over SMTP, the "Stop event news" link, and who may send what.
 */
import { randomUUID } from 'node:crypto';
import type { EventMessageRequest, MessageAudience } from '@store/shared/event-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { createLogger } from '#src/logger';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { queueMail } from '#src/modules/mail/outbox';
import { mailOutbox } from '#src/modules/mail/tables';
import type { MailWorker } from '#src/modules/mail/worker';
import { CONFIRMATION_KIND } from '#src/modules/registrations/confirmation-kind';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { auditLog } from '#src/modules/staff/tables';
import { loadSite } from '#src/site/load-site';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { decodedMail, startSmtpMailWorker } from '../../../test/smtp-mail-path';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { EVENT_MESSAGE_KIND } from './event-message-kind';
import { queueEventMessages } from './queue-event-messages';
import { eventMessageRecipients, eventMessages } from './tables';

const PER_MINUTE = 3;
const STORE_URL = 'https://store.example.org';

type Person = { email: string; age: number; category?: 'Memorization' | 'Fluent Reading'; cancelled?: boolean };

async function addSession(db: Database, centerId: number, hall: string): Promise<number> {
  const [row] = await db
    .insert(eventSessions)
    .values({
      centerId,
      hall,
      address: '1 Temple Way',
      startsAt: new Date('2027-05-15T16:00:00Z'),
      timeZone: 'America/Chicago',
      capacity: 100,
    })
    .returning({ id: eventSessions.id });
  if (!row) throw new Error('no session');
  return row.id;
}

async function addFamily(
  db: Database,
  family: { sessionId: number; status: string; email: string; people: Person[] },
): Promise<string> {
  const [registration] = await db
    .insert(registrations)
    .values({
      idempotencyKey: randomUUID(),
      requestHash: 'seeded',
      email: family.email,
      sessionId: family.sessionId,
      status: family.status,
    })
    .returning({ id: registrations.id });
  if (!registration) throw new Error('no registration');
  await db.insert(registrants).values(
    family.people.map((person, index) => ({
      registrationId: registration.id,
      position: index + 1,
      age: person.age,
      email: person.email,
      firstName: `Person${index + 1}`,
      lastName: 'Rao',
      gender: 'Female',
      category: person.category ?? null,
      country: 'US',
      state: 'TX',
      city: 'Frisco',
      zip: '75034',
      cancelledAt: person.cancelled ? new Date() : null,
    })),
  );
  return registration.id;
}

function message(audience: MessageAudience, subject = 'Venue update'): EventMessageRequest {
  return { audience, subject, body: 'Dear families,\n\nThe hall opens at 8 AM.\nPlease come early.' };
}

/** The queue job's minutes, an hour ahead and on from there, so each run starts a fresh minute. */
let clock = Date.now() + 60 * 60_000;
const nextMinute = () => {
  clock += 61_000;
  return new Date(clock);
};

describeWithDb('messages to registrants', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  let sessionA: number;
  let sessionB: number;
  let fam1Registration: string;

  beforeAll(async () => {
    // The site as configured, with a small rate so that one Send overruns the minute.
    const site = loadSite(loadConfig({}).siteConfigPath);
    t = await buildTestApp({
      env: { ALLOWED_ORIGINS: STORE_URL },
      site: { ...site, eventSettings: { ...site.eventSettings, messagesPerMinute: PER_MINUTE } },
    });
    const db = t.testDb.db;
    owner = await signInStaff(t, 'owner');
    sessionA = await addSession(db, 1, 'Main hall');
    sessionB = await addSession(db, 2, 'Community hall');
    fam1Registration = await addFamily(db, {
      sessionId: sessionA,
      status: 'registered',
      email: 'fam1@example.org',
      people: [
        { email: 'a1@example.org', age: 40, category: 'Memorization' },
        { email: 'fam1@example.org', age: 9 },
        { email: 'fr1@example.org', age: 35, category: 'Fluent Reading' },
      ],
    });
    await addFamily(db, {
      sessionId: sessionB,
      status: 'registered',
      email: 'fam2@example.org',
      people: [
        { email: 'FAM2@example.org', age: 44, category: 'Fluent Reading' },
        { email: 'fam2@example.org', age: 12 },
      ],
    });
    await addFamily(db, {
      sessionId: sessionA,
      status: 'waiting',
      email: 'wait1@example.org',
      people: [{ email: 'wait1-adult@example.org', age: 30, category: 'Memorization' }],
    });
    await addFamily(db, {
      sessionId: sessionB,
      status: 'offered',
      email: 'offer2@example.org',
      people: [{ email: 'offer2@example.org', age: 50, category: 'Memorization' }],
    });
    await addFamily(db, {
      sessionId: sessionA,
      status: 'registered',
      email: 'keep@example.org',
      people: [
        { email: 'keep@example.org', age: 60, category: 'Fluent Reading' },
        { email: 'gone@example.org', age: 61, category: 'Memorization', cancelled: true },
      ],
    });
    await addFamily(db, {
      sessionId: sessionA,
      status: 'cancelled',
      email: 'cancelled@example.org',
      people: [{ email: 'cancelled@example.org', age: 33, category: 'Memorization' }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const preview = (staff: SignedInStaff | undefined, body: object) =>
    staffCall(t.app, staff, 'POST', '/api/staff/event-messages/preview', body);
  const send = (staff: SignedInStaff | undefined, body: object, key: string = randomUUID()) =>
    staffCall(t.app, staff, 'POST', '/api/staff/event-messages', body, { 'idempotency-key': key });
  const addressesOf = async (messageId: string) =>
    (
      await t.testDb.db
        .select({ email: eventMessageRecipients.email })
        .from(eventMessageRecipients)
        .where(eq(eventMessageRecipients.messageId, messageId))
    )
      .map((row) => row.email)
      .sort();

  it('reaches, for each audience, the live registrants’ distinct addresses, and the preview counts them', async () => {
    const cases: [MessageAudience, string[]][] = [
      [{ kind: 'session', sessionId: sessionA }, ['a1', 'fam1', 'fr1', 'keep']],
      [{ kind: 'session', sessionId: sessionB }, ['fam2']],
      [{ kind: 'category', category: 'Memorization' }, ['a1']],
      [{ kind: 'category', category: 'Fluent Reading' }, ['fam2', 'fr1', 'keep']],
      [{ kind: 'minors-parents' }, ['fam1', 'fam2']],
      [{ kind: 'everyone' }, ['a1', 'fam1', 'fam2', 'fr1', 'keep']],
      [{ kind: 'waiting-list' }, ['offer2', 'wait1']],
      [{ kind: 'waiting-list', sessionId: sessionA }, ['wait1']],
    ];
    for (const [audience, expected] of cases) {
      const emails = expected.map((name) => `${name}@example.org`);
      const previewed = await preview(owner, message(audience));
      expect(previewed.statusCode, JSON.stringify(audience)).toBe(200);
      expect(previewed.json().recipients, JSON.stringify(audience)).toBe(emails.length);
      const sent = await send(owner, message(audience, `To ${audience.kind}`));
      expect(sent.statusCode).toBe(201);
      expect(sent.json().recipients).toBe(emails.length);
      expect(await addressesOf(sent.json().id), JSON.stringify(audience)).toEqual(emails);
    }
  });

  it('shows the e-mail as sent, with the stop link, and names the audience', async () => {
    const res = await preview(owner, message({ kind: 'session', sessionId: sessionA }));
    const { audienceLabel, sample } = res.json();
    expect(audienceLabel).toBe('Session: Bay Area Center, California, Main hall (May 15, 2027, 11:00 AM)');
    expect(sample.subject).toBe('Venue update');
    expect(sample.text).toContain('The hall opens at 8 AM.\nPlease come early.');
    expect(sample.text).toContain(`Stop event news: ${STORE_URL}/registration/unsubscribe?token=`);
    expect(sample.html).toContain('The hall opens at 8 AM.<br>Please come early.');
  });

  it('sends once however often Send is pressed with one key, and refuses the key for another message', async () => {
    const key = randomUUID();
    const body = message({ kind: 'waiting-list' }, 'Twice pressed');
    const [first, second] = await Promise.all([send(owner, body, key), send(owner, body, key)]);
    const third = await send(owner, body, key);
    const answers = [first, second, third];
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(third.headers['idempotent-replayed']).toBe('true');
    const id = third.json().id;
    expect(await addressesOf(id)).toEqual(['offer2@example.org', 'wait1@example.org']);
    const rows = await t.testDb.db.select().from(eventMessages).where(eq(eventMessages.subject, 'Twice pressed'));
    expect(rows).toHaveLength(1);
    const audits = await t.testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event-message.send'), eq(auditLog.targetId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorName).toBe(owner.username);
    expect(audits[0]?.after).toEqual({ audience: 'The waiting list', subject: 'Twice pressed', recipients: 2 });

    const other = await send(owner, message({ kind: 'everyone' }, 'Another'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('feeds the outbox at most the minute’s rate, each recipient once', async () => {
    const db = t.testDb.db;
    const unqueued = async () =>
      (await db.select().from(eventMessageRecipients)).filter((row) => row.queuedAt === null).length;
    // Sends above queued their first minute (the rate) at once; the rest waits.
    let waiting = await unqueued();
    expect(waiting).toBeGreaterThan(PER_MINUTE);
    while (waiting > 0) {
      const now = nextMinute();
      const run = await queueEventMessages(db, { perMinute: PER_MINUTE, now });
      expect(run.queued + run.skipped).toBe(Math.min(PER_MINUTE, waiting));
      // The same minute again: full.
      expect(await queueEventMessages(db, { perMinute: PER_MINUTE, now })).toEqual({ queued: 0, skipped: 0 });
      waiting = await unqueued();
    }
    const recipients = await db.select({ id: eventMessageRecipients.id }).from(eventMessageRecipients);
    const outbox = await db
      .select({ subjectId: mailOutbox.subjectId })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, EVENT_MESSAGE_KIND));
    expect(outbox.map((row) => row.subjectId).sort()).toEqual(recipients.map((row) => row.id).sort());
  });

  describe('over SMTP', () => {
    let smtp: FakeSmtpServer;
    let worker: MailWorker;

    beforeAll(async () => {
      smtp = await startFakeSmtpServer();
      worker = startSmtpMailWorker({
        db: t.testDb.db,
        site: t.site,
        smtp,
        logger: createLogger('silent'),
        sessionSecret: TEST_SESSION_SECRET,
        storeUrl: STORE_URL,
      });
    });
    afterAll(async () => {
      await worker?.stop();
      await smtp?.close();
    });

    /** Runs the queue job over as many (virtual) minutes as it takes, then wakes the mail worker. */
    const drain = async () => {
      for (;;) {
        const run = await queueEventMessages(t.testDb.db, { perMinute: PER_MINUTE, now: nextMinute() });
        if (run.queued + run.skipped === 0) break;
      }
      worker.kick();
    };
    const withSubject = (subject: string) => smtp.messages.filter((m) => m.data.includes(`Subject: ${subject}`));
    /** The messages with this subject, once there are `count` (or 15 s have passed). */
    const arrived = async (subject: string, count: number) => {
      const deadline = Date.now() + 15_000;
      while (withSubject(subject).length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return withSubject(subject);
    };

    it('delivers each recipient’s message exactly once, with its stop link; an opted-out address gets no more', async () => {
      const sent = await send(owner, message({ kind: 'session', sessionId: sessionA }, 'Hall moved'));
      expect(sent.statusCode).toBe(201);
      await drain();
      const addresses = ['a1@example.org', 'fam1@example.org', 'fr1@example.org', 'keep@example.org'];
      await arrived('Hall moved', addresses.length);
      for (const to of addresses) {
        expect(
          withSubject('Hall moved').filter((m) => m.to.includes(to)),
          to,
        ).toHaveLength(1);
      }

      const raw = withSubject('Hall moved').find((m) => m.to.includes('fam1@example.org'))?.data ?? '';
      // Headers as sent (not quoted-printable), unfolded: a long value goes on over continuation lines.
      const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      const mail = decodedMail(raw);
      expect(headers).toMatch(
        /List-Unsubscribe: <https:\/\/store\.example\.org\/api\/public\/event-news\/unsubscribe\?token=/,
      );
      expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const token = decodeURIComponent(/registration\/unsubscribe\?token=([\w.%-]+)/.exec(mail)?.[1] ?? '');
      expect(token).not.toBe('');

      // Written before the opt-out, its recipients queued after it.
      const queuedBefore = await send(owner, message({ kind: 'minors-parents' }, 'Queued before'));
      expect(queuedBefore.json().recipients).toBe(2);

      // A forged or altered token changes nothing.
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/public/event-news/unsubscribe',
        payload: { token: `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}` },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.fields.token).toMatch(/not valid/);
      expect((await preview(owner, message({ kind: 'session', sessionId: sessionA }))).json().recipients).toBe(4);

      // The one-click POST a mail client makes: the form body, the token in the query.
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/api/public/event-news/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.json()).toEqual({ email: 'fam1@example.org', subscribed: false });
      expect((await preview(owner, message({ kind: 'session', sessionId: sessionA }))).json().recipients).toBe(3);

      const after = await send(owner, message({ kind: 'everyone' }, 'After opting out'));
      expect(after.json().recipients).toBe(4);
      // Their own confirmation (tickets, offers: other kinds) still comes.
      await queueMail(t.testDb.db, { kind: CONFIRMATION_KIND, subjectId: fam1Registration });
      const before = smtp.messages.length;
      await drain();
      await arrived('After opting out', 4);
      await arrived('Queued before', 1);
      const deadline = Date.now() + 15_000;
      while (!smtp.messages.slice(before).some((m) => m.to.includes('fam1@example.org')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(
        withSubject('After opting out')
          .flatMap((m) => m.to)
          .sort(),
      ).toEqual(['a1@example.org', 'fam2@example.org', 'fr1@example.org', 'keep@example.org']);
      expect(withSubject('Queued before').flatMap((m) => m.to)).toEqual(['fam2@example.org']);
      const toFam1 = smtp.messages.slice(before).filter((m) => m.to.includes('fam1@example.org'));
      expect(toFam1).toHaveLength(1);
      expect(toFam1[0]?.data).not.toContain('List-Unsubscribe');

      // Opting back in, from the page's button.
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/public/event-news/resubscribe',
        payload: { token },
      });
      expect(back.json()).toEqual({ email: 'fam1@example.org', subscribed: true });
      expect((await preview(owner, message({ kind: 'session', sessionId: sessionA }))).json().recipients).toBe(4);

      const list = await staffCall(t.app, owner, 'GET', '/api/staff/event-messages');
      const hallMoved = list.json().messages.find((m: { subject: string }) => m.subject === 'Hall moved');
      expect(hallMoved).toMatchObject({ recipients: 4, sent: 4, sentBy: owner.username });
      // Later queue runs and worker rounds sent none of it again.
      expect(withSubject('Hall moved')).toHaveLength(4);
    });
  });

  it('lets owners and editors write to anyone, a volunteer only to their own center’s sessions', async () => {
    const editor = await signInStaff(t, 'editor');
    const treasurer = await signInStaff(t, 'treasurer');
    const volunteer = await signInStaff(t, 'volunteer', { centerId: 1 });
    expect((await preview(editor, message({ kind: 'everyone' }))).statusCode).toBe(200);
    expect((await preview(treasurer, message({ kind: 'everyone' }))).statusCode).toBe(403);
    expect((await preview(undefined, message({ kind: 'everyone' }))).statusCode).toBe(401);
    expect((await preview(volunteer, message({ kind: 'session', sessionId: sessionA }))).statusCode).toBe(200);
    expect((await preview(volunteer, message({ kind: 'waiting-list', sessionId: sessionA }))).statusCode).toBe(200);
    for (const audience of [
      { kind: 'session', sessionId: sessionB },
      { kind: 'waiting-list', sessionId: sessionB },
      { kind: 'everyone' },
      { kind: 'waiting-list' },
    ] satisfies MessageAudience[]) {
      const refused = await send(volunteer, message(audience, 'Not mine'));
      expect(refused.statusCode, JSON.stringify(audience)).toBe(403);
      expect(refused.json().error.code).toBe('other_center');
    }
    // site.json seeds a session at the volunteer's center too: theirs are offered, the other center's never.
    const sessions = await staffCall(t.app, volunteer, 'GET', '/api/staff/event-messages/sessions');
    const own = sessions.json().sessions.map((s: { id: number }) => s.id);
    expect(own).toContain(sessionA);
    expect(own).not.toContain(sessionB);
    const all = await staffCall(t.app, editor, 'GET', '/api/staff/event-messages/sessions');
    expect(all.json().sessions.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([sessionA, sessionB]));
    const mine = await send(volunteer, message({ kind: 'session', sessionId: sessionA }, 'From the volunteer'));
    expect(mine.statusCode).toBe(201);
    const list = await staffCall(t.app, volunteer, 'GET', '/api/staff/event-messages');
    expect(list.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['From the volunteer']);
    expect(await t.testDb.db.select().from(eventMessages).where(eq(eventMessages.subject, 'Not mine'))).toHaveLength(0);
  });

  it('refuses bad input by field and writes nothing', async () => {
    const count = async () => (await t.testDb.db.select().from(eventMessages)).length;
    const before = await count();
    const long = await send(owner, { ...message({ kind: 'everyone' }), body: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().error.fields)).toContain('body');
    const noSession = await send(owner, message({ kind: 'session', sessionId: 999_999 }));
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().error.fields).toEqual({ 'audience.sessionId': 'is not a session' });
    const badKind = await preview(owner, { audience: { kind: 'donors' }, subject: 'x', body: 'y' });
    expect(badKind.statusCode).toBe(400);
    const noKey = await staffCall(t.app, owner, 'POST', '/api/staff/event-messages', message({ kind: 'everyone' }));
    expect(noKey.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
