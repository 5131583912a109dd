/**
 * The family's own page through its signed link: what it shows, and each change's effect on the
 * session's places, the tickets (old revoked, new live), the waiting list and the e-mail that
 * confirms it; the cut-off, a forged and an expired link, and the form's rules on an edit.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePlaces } from '#src/modules/event-sessions/places';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { waitlistOffers } from '#src/modules/waiting-list/tables';
import { registerAccount, sessionToken } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  changeMails,
  days,
  familyCall,
  familyToken,
  insertFamily,
  insertSession,
  sessionRow,
  ticketsOf,
} from '../../../test/family-helpers';
import { adultRegistrant, minorRegistrant } from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb("the family's page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const family = async (capacity = 10, people = [adultRegistrant(), minorRegistrant()]) => {
    const session = await insertSession(t.testDb.db, { capacity });
    const rows = await insertFamily(t.testDb.db, { sessionId: session.id, people });
    return { session, ...rows, token: familyToken(rows.registrationId) };
  };

  describe('the link', () => {
    it('shows the registration, its session, the cut-off and each person with their live ticket', async () => {
      const f = await family();
      const other = await insertSession(t.testDb.db, { hall: 'Annex', capacity: 5 });
      await insertSession(t.testDb.db, { hall: 'Too small', capacity: 1 });
      const res = await familyCall(t.app, f.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({
        registrationNumber: `BGM-${String(f.number).padStart(6, '0')}`,
        status: 'registered',
        waitingPosition: null,
        changesOpen: true,
        session: { id: f.session.id, centerName: 'Dallas Center, Texas', hall: 'Datta Auditorium' },
      });
      expect(new Date(body.changesCloseAt).getTime()).toBe(f.session.startsAt.getTime() - days(1));
      const live = await ticketsOf(t.testDb.db, f.registrationId);
      expect(body.people.map((p: { firstName: string; ticketId: string }) => [p.firstName, p.ticketId])).toEqual([
        ['Asha', live[0]?.id],
        ['Anu', live[1]?.id],
      ]);
      // Move targets: only sessions with places for both.
      const targets = body.moveTargets.map((s: { id: number }) => s.id);
      expect(targets).toContain(other.id);
      expect(body.moveTargets.every((s: { placesLeft: number }) => s.placesLeft >= 2)).toBe(true);
      expect(targets).not.toContain(f.session.id);
    });

    it('answers 400 for a forged or missing link and 410 for an expired one, naming nothing', async () => {
      const f = await family();
      const forged = `${f.token.slice(0, -3)}${f.token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      const bad = await familyCall(t.app, forged);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_token');
      expect(bad.body).not.toContain('Asha');
      const missing = await t.app.inject({ method: 'GET', url: '/api/public/registrations/yours' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty('x-family-token');
      const expired = await familyCall(t.app, familyToken(f.registrationId, new Date(Date.now() - 1000)));
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.message).toMatch(/expired/);
      // A link to one purpose never opens another: the same id signed for 'offer' is refused.
      const cancel = await familyCall(t.app, forged, { method: 'POST', url: '/cancel' });
      expect(cancel.statusCode).toBe(400);
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(2);
    });

    it('shows a waiting family its place in line', async () => {
      const session = await insertSession(t.testDb.db, { capacity: 0 });
      const first = await insertFamily(t.testDb.db, {
        sessionId: session.id,
        people: [adultRegistrant()],
        status: 'waiting',
      });
      const second = await insertFamily(t.testDb.db, {
        sessionId: session.id,
        people: [adultRegistrant()],
        status: 'waiting',
      });
      const a = (await familyCall(t.app, familyToken(first.registrationId))).json();
      const b = (await familyCall(t.app, familyToken(second.registrationId))).json();
      expect([a.status, a.waitingPosition, b.waitingPosition]).toEqual(['waiting', 1, 2]);
      expect(a.people[0].ticketId).toBeNull();
    });
  });

  describe('editing a registrant', () => {
    it("replaces that registrant's ticket and confirms by e-mail, under the form's rules", async () => {
      const f = await family();
      const before = await ticketsOf(t.testDb.db, f.registrationId);
      const res = await familyCall(t.app, f.token, {
        method: 'PATCH',
        url: '/registrants/2',
        body: minorRegistrant({ firstName: 'Anushka', city: 'Plano' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().people[1]).toMatchObject({ firstName: 'Anushka', city: 'Plano' });
      const after = await ticketsOf(t.testDb.db, f.registrationId);
      expect(after.find((x) => x.id === before[1]?.id)?.revokedReason).toBe('changed');
      expect(after.find((x) => x.id === before[0]?.id)?.revokedReason).toBeNull();
      expect(res.json().people[1].ticketId).not.toBe(before[1]?.id);
      expect(after.filter((x) => x.revokedReason === null)).toHaveLength(2);
      const [mail] = await changeMails(t.testDb.db, t.site, f.registrationId);
      expect(mail?.toAddress).toBe('asha@example.org');
      expect(mail?.subject).toMatch(/was changed/);
      expect(mail?.text).toContain('Anushka Rao: first name, city changed.');
      expect(mail?.text).toContain('The old ticket is no longer valid');
      expect(mail?.text).toContain('/registration/yours?token=');
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(2);
      // The same details again change nothing: no new ticket, no second e-mail.
      const again = await familyCall(t.app, f.token, {
        method: 'PATCH',
        url: '/registrants/2',
        body: minorRegistrant({ firstName: 'Anushka', city: 'Plano' }),
      });
      expect(again.json().people[1].ticketId).toBe(res.json().people[1].ticketId);
      expect(await changeMails(t.testDb.db, t.site, f.registrationId)).toHaveLength(1);
    });

    it('refuses what the form refuses, naming the field, and changes nothing', async () => {
      const f = await family();
      const res = await familyCall(t.app, f.token, {
        method: 'PATCH',
        url: '/registrants/2',
        body: minorRegistrant({ fathersName: '', zip: '' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({ fathersName: 'Required', zip: 'Zip required' });
      const missing = await familyCall(t.app, f.token, {
        method: 'PATCH',
        url: '/registrants/7',
        body: adultRegistrant(),
      });
      expect(missing.statusCode).toBe(404);
      const notNumber = await familyCall(t.app, f.token, {
        method: 'PATCH',
        url: '/registrants/x',
        body: adultRegistrant(),
      });
      expect(notNumber.statusCode).toBe(400);
      expect(await changeMails(t.testDb.db, t.site, f.registrationId)).toHaveLength(0);
      expect((await ticketsOf(t.testDb.db, f.registrationId)).every((x) => x.revokedReason === null)).toBe(true);
    });

    it('moves a category place, and refuses a category with no place left', async () => {
      const session = await insertSession(t.testDb.db, { capacity: 10, fluentReadingCapacity: 1 });
      await insertFamily(t.testDb.db, {
        sessionId: session.id,
        people: [adultRegistrant({ category: 'Fluent Reading' })],
      });
      const f = await insertFamily(t.testDb.db, { sessionId: session.id, people: [adultRegistrant()] });
      const res = await familyCall(t.app, familyToken(f.registrationId), {
        method: 'PATCH',
        url: '/registrants/1',
        body: adultRegistrant({ category: 'Fluent Reading' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'not_enough_places', fields: { category: expect.any(String) } });
      const row = await sessionRow(t.testDb.db, session.id);
      expect([row.taken, row.memorizationTaken, row.fluentReadingTaken]).toEqual([2, 1, 1]);
    });

    it('updates where the e-mails go when registrant 1 changes their address', async () => {
      const f = await family();
      await familyCall(t.app, f.token, {
        method: 'PATCH',
        url: '/registrants/1',
        body: adultRegistrant({ email: 'asha.new@example.org' }),
      });
      const [row] = await t.testDb.db.select().from(registrations).where(eq(registrations.id, f.registrationId));
      expect(row?.email).toBe('asha.new@example.org');
    });
  });

  describe('cancelling', () => {
    it('cancels one registrant: ticket revoked, place freed, the rest kept, e-mail queued', async () => {
      const f = await family();
      const res = await familyCall(t.app, f.token, { method: 'POST', url: '/registrants/2/cancel' });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('registered');
      expect(res.json().people[1]).toMatchObject({ cancelled: true, ticketId: null });
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(1);
      const all = await ticketsOf(t.testDb.db, f.registrationId);
      expect(all.map((x) => x.revokedReason)).toEqual([null, 'cancelled']);
      expect((await changeMails(t.testDb.db, t.site, f.registrationId))[0]?.text).toContain(
        'Anu Rao was cancelled: their ticket is no longer valid.',
      );
      const again = await familyCall(t.app, f.token, { method: 'POST', url: '/registrants/2/cancel' });
      expect(again.statusCode).toBe(409);
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(1);
    });

    it('cancels everyone: every ticket revoked, every place freed, nothing more may change', async () => {
      const f = await family();
      const res = await familyCall(t.app, f.token, { method: 'POST', url: '/cancel' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', changesOpen: false, moveTargets: [] });
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(0);
      expect((await ticketsOf(t.testDb.db, f.registrationId)).map((x) => x.revokedReason)).toEqual([
        'cancelled',
        'cancelled',
      ]);
      const again = await familyCall(t.app, f.token, { method: 'POST', url: '/cancel' });
      expect(again.statusCode).toBe(409);
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(0);
      expect(await changeMails(t.testDb.db, t.site, f.registrationId)).toHaveLength(1);
    });

    it('lets a waiting family leave the line, taking no place from anyone', async () => {
      const session = await insertSession(t.testDb.db, { capacity: 1 });
      await insertFamily(t.testDb.db, { sessionId: session.id, people: [adultRegistrant()] });
      const w = await insertFamily(t.testDb.db, {
        sessionId: session.id,
        people: [adultRegistrant()],
        status: 'waiting',
      });
      const res = await familyCall(t.app, familyToken(w.registrationId), { method: 'POST', url: '/cancel' });
      expect(res.json()).toMatchObject({ status: 'cancelled', waitingPosition: null });
      expect((await sessionRow(t.testDb.db, session.id)).taken).toBe(1);
    });

    it('a family holding an offer sees until when, may not edit, and cancelling withdraws the offer and frees its places', async () => {
      const session = await insertSession(t.testDb.db, { capacity: 2 });
      const o = await insertFamily(t.testDb.db, {
        sessionId: session.id,
        people: [adultRegistrant()],
        status: 'waiting',
      });
      const expiresAt = new Date(Date.now() + days(2));
      await t.testDb.db.transaction(async (tx) => {
        await takePlaces(tx, session.id, { people: 1, memorization: 1, fluentReading: 0 });
        await tx.update(registrations).set({ status: 'offered' }).where(eq(registrations.id, o.registrationId));
        await tx
          .insert(waitlistOffers)
          .values({ registrationId: o.registrationId, sessionId: session.id, people: 1, memorization: 1, expiresAt });
      });
      const token = familyToken(o.registrationId);
      const view = (await familyCall(t.app, token)).json();
      expect(view).toMatchObject({ status: 'offered', offerExpiresAt: expiresAt.toISOString() });
      const edit = await familyCall(t.app, token, {
        method: 'PATCH',
        url: '/registrants/1',
        body: adultRegistrant({ city: 'Plano' }),
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().error.message).toMatch(/accept the offer/);
      const res = await familyCall(t.app, token, { method: 'POST', url: '/cancel' });
      expect(res.json().status).toBe('cancelled');
      const row = await sessionRow(t.testDb.db, session.id);
      expect([row.taken, row.memorizationTaken]).toEqual([0, 0]);
      const [offer] = await t.testDb.db
        .select()
        .from(waitlistOffers)
        .where(eq(waitlistOffers.registrationId, o.registrationId));
      expect(offer?.status).toBe('withdrawn');
    });

    it('cancelling the last registrant one by one cancels the registration', async () => {
      const f = await family(10, [adultRegistrant()]);
      const res = await familyCall(t.app, f.token, { method: 'POST', url: '/registrants/1/cancel' });
      expect(res.json().status).toBe('cancelled');
    });
  });

  describe('moving', () => {
    it('moves everyone to a session with places: places swapped, tickets replaced, e-mail queued', async () => {
      const f = await family();
      const target = await insertSession(t.testDb.db, { hall: 'New hall', capacity: 3 });
      const res = await familyCall(t.app, f.token, { method: 'POST', url: '/move', body: { sessionId: target.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().session).toMatchObject({ id: target.id, hall: 'New hall' });
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(0);
      expect((await sessionRow(t.testDb.db, target.id)).taken).toBe(2);
      const all = await ticketsOf(t.testDb.db, f.registrationId);
      expect(all.filter((x) => x.revokedReason === 'moved').map((x) => x.sessionId)).toEqual([
        f.session.id,
        f.session.id,
      ]);
      expect(all.filter((x) => x.revokedReason === null).map((x) => x.sessionId)).toEqual([target.id, target.id]);
      expect((await changeMails(t.testDb.db, t.site, f.registrationId))[0]?.text).toContain(
        'Everyone was moved to New hall',
      );
    });

    it('refuses a session without places for everyone, as the form does, and moves no one', async () => {
      const f = await family();
      const small = await insertSession(t.testDb.db, { capacity: 1 });
      const res = await familyCall(t.app, f.token, { method: 'POST', url: '/move', body: { sessionId: small.id } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'not_enough_places',
        fields: {
          sessionId:
            'Only 1 place is left in this session for 2 people. You may put everyone on the waiting list, or choose another session.',
        },
      });
      expect((await sessionRow(t.testDb.db, f.session.id)).taken).toBe(2);
      expect((await sessionRow(t.testDb.db, small.id)).taken).toBe(0);
      expect((await ticketsOf(t.testDb.db, f.registrationId)).every((x) => x.revokedReason === null)).toBe(true);
      const unknown = await familyCall(t.app, f.token, { method: 'POST', url: '/move', body: { sessionId: 999999 } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toHaveProperty('sessionId');
      const bad = await familyCall(t.app, f.token, { method: 'POST', url: '/move', body: { sessionId: 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('sessionId');
    });

    it('registers a waiting family that moves to a session with places', async () => {
      const full = await insertSession(t.testDb.db, { capacity: 0 });
      const w = await insertFamily(t.testDb.db, { sessionId: full.id, people: [adultRegistrant()], status: 'waiting' });
      const open = await insertSession(t.testDb.db, { capacity: 4 });
      const res = await familyCall(t.app, familyToken(w.registrationId), {
        method: 'POST',
        url: '/move',
        body: { sessionId: open.id },
      });
      expect(res.json()).toMatchObject({ status: 'registered', waitingPosition: null, session: { id: open.id } });
      expect(res.json().people[0].ticketId).toEqual(expect.any(String));
    });
  });

  describe('the cut-off', () => {
    it('refuses every change once changes have closed, with 409 changes_closed, and changes nothing', async () => {
      const session = await insertSession(t.testDb.db, { startsAt: new Date(Date.now() + 10 * 60 * 60 * 1000) });
      const f = await insertFamily(t.testDb.db, {
        sessionId: session.id,
        people: [adultRegistrant(), minorRegistrant()],
      });
      const token = familyToken(f.registrationId);
      const view = (await familyCall(t.app, token)).json();
      expect(view).toMatchObject({ changesOpen: false, moveTargets: [] });
      const other = await insertSession(t.testDb.db);
      const calls = [
        familyCall(t.app, token, { method: 'POST', url: '/cancel' }),
        familyCall(t.app, token, { method: 'POST', url: '/registrants/1/cancel' }),
        familyCall(t.app, token, { method: 'PATCH', url: '/registrants/1', body: adultRegistrant({ city: 'Plano' }) }),
        familyCall(t.app, token, { method: 'POST', url: '/move', body: { sessionId: other.id } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('changes_closed');
        expect(res.json().error.message).toMatch(/^Changes closed at /);
      }
      expect((await sessionRow(t.testDb.db, session.id)).taken).toBe(2);
      const [person] = await t.testDb.db
        .select()
        .from(registrants)
        .where(eq(registrants.registrationId, f.registrationId));
      expect(person?.cancelledAt).toBeNull();
      const mails = await t.testDb.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where payload->>'registrationId' = ${f.registrationId}`,
      );
      expect(mails.rows[0]?.n).toBe(0);
    });
  });

  describe("the dashboard's Manage link", () => {
    it("gives the signed-in owner a link to each of their registrations' page, and nobody else", async () => {
      const signedUp = await registerAccount(t.app, { name: 'Meera Iyer', email: 'meera@example.org' });
      const owner = sessionToken(signedUp);
      const other = sessionToken(await registerAccount(t.app, { name: 'Kiran Das', email: 'kiran@example.org' }));
      const f = await family(10, [adultRegistrant({ email: 'meera@example.org', firstName: 'Meera' })]);
      await t.testDb.db
        .update(registrations)
        .set({ userId: signedUp.json().user.id })
        .where(eq(registrations.id, f.registrationId));
      const activity = (session: string) =>
        t.app.inject({ method: 'GET', url: '/auth/activity', cookies: { store_session: session } });
      const mine = (await activity(owner)).json().registrations;
      expect(mine).toHaveLength(1);
      const url = new URL(mine[0].manageUrl, 'http://localhost');
      expect(url.pathname).toBe('/registration/yours');
      const page = await familyCall(t.app, url.searchParams.get('token') ?? '');
      expect(page.json().people[0].firstName).toBe('Meera');
      expect((await activity(other)).json().registrations).toEqual([]);
    });
  });
});
