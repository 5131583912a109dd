/**
 * The waiting list on both databases: freed places offered down the line in order to the first family
 * that fits (a family too large keeps its place), the offer e-mail as the worker writes it, accepting
 * through its link (twice answers the same, a lapsed offer 409, a forged link 400), an offer's hold
 * running out passed on to the next family, and the staff's view of the line: order, move up, an
 * offer by hand, who may do what, and the audit lines.
 */
import { eventSessionTexts } from '@store/shared/event-sessions';
import { formatRegistrationNumber } from '@store/shared/registration';
import {
  type WaitingList,
  type WaitlistAccepted,
  type WaitlistOffer,
  waitingListTexts,
} from '@store/shared/waiting-list';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverI18n } from '#src/i18n/server-i18n';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { outboxMessages } from '../../../test/outbox-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { type SeededFamily, seedFamily, seedSession } from '../../../test/waitlist-fixtures';
import { releasePlaces } from '../event-sessions/places';
import { eventSessions } from '../event-sessions/tables';
import { mailOutbox } from '../mail/tables';
import { CONFIRMATION_KIND } from '../registrations/confirmation-kind';
import { eventLinkKey, eventLinkToken } from '../registrations/event-link';
import { registrants, registrations, tickets } from '../registrations/tables';
import { auditLog } from '../staff/tables';
import { expireOffers } from './expire-offers';
import { offerFreedPlaces } from './offer-freed-places';
import { WAITLIST_OFFER_KIND } from './offer-kind';
import { waitlistOffers } from './tables';
import { withdrawOpenOffer } from './withdraw-offer';

const HOLD_HOURS = 48;
const HOUR_MS = 60 * 60 * 1000;

describeWithDb('the waiting list', () => {
  let t: TestApp;
  const db = () => t.testDb.db;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What a cancellation does to the places: given back, then offered down the line, in one transaction. */
  const free = (sessionId: number, people: number, memorization = 0) =>
    db().transaction(async (tx) => {
      await releasePlaces(tx, sessionId, { people, memorization, fluentReading: 0 });
      return offerFreedPlaces(tx, { sessionId, offerHoldHours: HOLD_HOURS });
    });

  const statusOf = async (family: SeededFamily) =>
    (await db().select({ status: registrations.status }).from(registrations).where(eq(registrations.id, family.id)))[0]
      ?.status;

  const openOffer = async (family: SeededFamily) => {
    const [offer] = await db()
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.registrationId, family.id), eq(waitlistOffers.status, 'open')));
    if (!offer) throw new Error(`no open offer for ${family.firstName}`);
    return offer;
  };

  const sessionRow = async (id: number) => {
    const [row] = await db().select().from(eventSessions).where(eq(eventSessions.id, id));
    if (!row) throw new Error('no session');
    return row;
  };

  const tokenFor = (offer: { id: string; expiresAt: Date }) =>
    eventLinkToken(eventLinkKey(TEST_SESSION_SECRET), 'offer', offer.id, offer.expiresAt);

  const accept = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/public/waitlist/accept', payload: { token } });

  it('offers freed places to the first family that fits, in line order; a family too large keeps its place', async () => {
    const session = await seedSession(db(), { capacity: 10, taken: 10 });
    const large = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 3 });
    const pair = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    const single = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 });

    expect(await free(session.id, 2)).toBe(1);
    expect([await statusOf(large), await statusOf(pair), await statusOf(single)]).toEqual([
      'waiting',
      'offered',
      'waiting',
    ]);
    const pairOffer = await openOffer(pair);
    expect(pairOffer.people).toBe(2);
    expect(pairOffer.expiresAt.getTime() - pairOffer.offeredAt.getTime()).toBe(HOLD_HOURS * HOUR_MS);
    expect((await sessionRow(session.id)).taken).toBe(10);

    // Three free: the large family, first in line, fits now; nothing is left for the single one.
    expect(await free(session.id, 3)).toBe(1);
    expect([await statusOf(large), await statusOf(single)]).toEqual(['offered', 'waiting']);
    // One more: the single one.
    expect(await free(session.id, 1)).toBe(1);
    expect(await statusOf(single)).toBe('offered');
    // Nobody left waiting: places stay free, no offer.
    expect(await free(session.id, 1)).toBe(0);
    expect((await sessionRow(session.id)).taken).toBe(9);

    // One offer e-mail per offer, queued by reference.
    const mails = await db()
      .select({ subjectId: mailOutbox.subjectId })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, WAITLIST_OFFER_KIND));
    const offers = [pairOffer, await openOffer(large), await openOffer(single)];
    for (const offer of offers) expect(mails.filter((m) => m.subjectId === offer.id)).toHaveLength(1);
  });

  it("respects a capped category's places: a family whose reciters do not fit waits", async () => {
    const session = await seedSession(db(), {
      capacity: 10,
      taken: 10,
      memorizationCapacity: 2,
      memorizationTaken: 2,
    });
    const memorizers = await seedFamily(db(), {
      sessionId: session.id,
      status: 'waiting',
      people: 2,
      categories: ['Memorization', 'Memorization'],
    });
    const readers = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    // Two places free, none of them Memorization's.
    expect(await free(session.id, 2)).toBe(1);
    expect([await statusOf(memorizers), await statusOf(readers)]).toEqual(['waiting', 'offered']);
  });

  it("withdraws a cancelling family's open offer: its places go back and on to the next family", async () => {
    const session = await seedSession(db(), { capacity: 3, taken: 3 });
    const offered = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    const next = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    await free(session.id, 2);
    const offer = await openOffer(offered);
    const given = await db().transaction(async (tx) => {
      const back = await withdrawOpenOffer(tx, offered.id);
      await offerFreedPlaces(tx, { sessionId: session.id, offerHoldHours: HOLD_HOURS });
      return back;
    });
    expect(given).toEqual({ sessionId: session.id, people: 2, memorization: 0, fluentReading: 2 });
    const [withdrawn] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer.id));
    expect(withdrawn?.status).toBe('withdrawn');
    expect(await statusOf(next)).toBe('offered');
    expect((await sessionRow(session.id)).taken).toBe(3);
    const refused = await accept(tokenFor(offer));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(waitingListTexts.offerWithdrawn);
    expect(await db().transaction((tx) => withdrawOpenOffer(tx, offered.id))).toBeNull();
  });

  it('sends the offer e-mail with the session, the hold in its zone and the link that accepts it; accepting registers everyone with tickets, once', async () => {
    const session = await seedSession(db(), { capacity: 4, taken: 4 });
    const family = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    await free(session.id, 2);
    const offer = await openOffer(family);

    const [mail] = await outboxMessages(db(), t.site, offer.id, WAITLIST_OFFER_KIND);
    expect(mail?.toAddress).toBe(family.email);
    expect(mail?.subject).toContain(formatRegistrationNumber(family.number));
    expect(mail?.text).toContain('Main prayer hall');
    expect(mail?.text).toContain('Bay Area Center, California');
    expect(mail?.text).toContain('May 15, 2027 at 9:00 AM PDT');
    const heldUntil = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: 'America/Los_Angeles',
    }).format(offer.expiresAt);
    expect(mail?.text).toContain(serverI18n('en')._(waitingListTexts.heldUntil, { when: heldUntil }));
    expect(mail?.html).toContain(waitingListTexts.accept);
    const link = /\/registration\/offer\?token=([^\s"&]+)/.exec(mail?.text ?? '');
    const token = decodeURIComponent(link?.[1] ?? '');
    expect(token).toBe(tokenFor(offer));

    const shown = await t.app.inject({ url: `/api/public/waitlist/offer?token=${encodeURIComponent(token)}` });
    expect(shown.statusCode).toBe(200);
    const view = shown.json<WaitlistOffer>();
    expect(view).toMatchObject({
      status: 'open',
      registrationNumber: formatRegistrationNumber(family.number),
      expiresAt: offer.expiresAt.toISOString(),
      session: { id: session.id, centerName: 'Bay Area Center, California', hall: 'Main prayer hall' },
    });
    expect(view.people.map((p) => p.firstName)).toEqual([family.firstName, 'Member2']);

    const first = await accept(token);
    expect(first.statusCode).toBe(200);
    const accepted = first.json<WaitlistAccepted>();
    expect(accepted.status).toBe('registered');
    expect(accepted.people).toHaveLength(2);
    expect(await statusOf(family)).toBe('registered');
    const live = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
      .where(and(eq(registrants.registrationId, family.id), isNull(tickets.revokedAt)))
      .orderBy(asc(registrants.position));
    expect(accepted.people.map((p) => p.ticketId)).toEqual(live.map((row) => row.id));

    // A second click: the same answer, no second ticket, no second confirmation.
    const again = await accept(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(accepted);
    const confirmations = await db()
      .select({ subjectId: mailOutbox.subjectId })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, CONFIRMATION_KIND), sql`${mailOutbox.subjectId} like ${`${family.id}%`}`));
    expect(confirmations).toEqual([{ subjectId: `${family.id}:offer-${offer.id}` }]);
    const [confirmation] = await outboxMessages(db(), t.site, `${family.id}:offer-${offer.id}`, CONFIRMATION_KIND);
    expect(confirmation?.toAddress).toBe(family.email);
    expect(confirmation?.text).toContain(formatRegistrationNumber(family.number));
    expect((await sessionRow(session.id)).taken).toBe(4);

    const shownAfter = await t.app.inject({ url: `/api/public/waitlist/offer?token=${encodeURIComponent(token)}` });
    expect(shownAfter.json<WaitlistOffer>().status).toBe('accepted');
  });

  it('passes an offer whose hold ran out to the next family, and refuses the lapsed offer', async () => {
    const session = await seedSession(db(), { capacity: 6, taken: 6 });
    const first = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    const second = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
    await free(session.id, 2);
    const lapsing = await openOffer(first);
    const token = tokenFor(lapsing);

    // Before the hold ends nothing lapses (every offer made here holds for 48 hours).
    const early = await expireOffers({ db: db(), offerHoldHours: HOLD_HOURS });
    expect(early.lapsed).toBe(0);
    // The hold over (its end moved into the past), the worker not run yet: the offer cannot be taken.
    await db()
      .update(waitlistOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistOffers.id, lapsing.id));
    const late = await accept(token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'offer_closed', message: waitingListTexts.offerClosed } });
    expect(await statusOf(first)).toBe('offered');

    const later = new Date();
    const run = await expireOffers({ db: db(), offerHoldHours: HOLD_HOURS, now: later });
    expect(run).toMatchObject({ lapsed: 1, offered: 1 });
    expect([await statusOf(first), await statusOf(second)]).toEqual(['lapsed', 'offered']);
    const [lapsed] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.id, lapsing.id));
    expect(lapsed?.status).toBe('lapsed');
    expect((await sessionRow(session.id)).taken).toBe(6);
    // Run again at the same instant: nothing more (exactly once).
    expect(await expireOffers({ db: db(), offerHoldHours: HOLD_HOURS, now: later })).toEqual({ lapsed: 0, offered: 0 });

    const refused = await accept(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'offer_closed' } });
    const shown = await t.app.inject({ url: `/api/public/waitlist/offer?token=${encodeURIComponent(token)}` });
    expect(shown.json<WaitlistOffer>().status).toBe('lapsed');
    expect(await statusOf(first)).toBe('lapsed');
  });

  it('two workers at once pass each expired offer on once', async () => {
    const session = await seedSession(db(), { capacity: 4, taken: 4 });
    const offered: SeededFamily[] = [];
    for (let i = 0; i < 4; i += 1)
      offered.push(await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 }));
    const next: SeededFamily[] = [];
    for (let i = 0; i < 4; i += 1)
      next.push(await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 }));
    await free(session.id, 4);
    await db()
      .update(waitlistOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistOffers.sessionId, session.id));
    const runs = await Promise.all([
      expireOffers({ db: db(), offerHoldHours: HOLD_HOURS }),
      expireOffers({ db: db(), offerHoldHours: HOLD_HOURS }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.lapsed, 0)).toBe(4);
    expect(runs.reduce((sum, run) => sum + run.offered, 0)).toBe(4);
    for (const family of offered) expect(await statusOf(family)).toBe('lapsed');
    for (const family of next) {
      const offers = await db().select().from(waitlistOffers).where(eq(waitlistOffers.registrationId, family.id));
      expect(offers.map((o) => o.status)).toEqual(['open']);
    }
    expect((await sessionRow(session.id)).taken).toBe(4);
  });

  it('refuses a forged, altered or other-purpose link with a 400 naming the token, and changes nothing', async () => {
    const session = await seedSession(db(), { capacity: 2, taken: 2 });
    const family = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 });
    await free(session.id, 1);
    const offer = await openOffer(family);
    const genuine = tokenFor(offer);
    const altered = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPurpose = eventLinkToken(eventLinkKey(TEST_SESSION_SECRET), 'family', offer.id, offer.expiresAt);
    const otherKey = eventLinkToken(
      eventLinkKey('another-secret-0123456789abcdefgh'),
      'offer',
      offer.id,
      offer.expiresAt,
    );
    for (const token of [altered, otherPurpose, otherKey, 'not-a-token', '']) {
      const res = await accept(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.fields.token).toBeDefined();
      const shown = await t.app.inject({ url: `/api/public/waitlist/offer?token=${encodeURIComponent(token)}` });
      expect(shown.statusCode, token).toBe(400);
    }
    expect(await statusOf(family)).toBe('offered');
  });

  describe('staff', () => {
    let editor: SignedInStaff;
    let owner: SignedInStaff;
    let volunteer: SignedInStaff;
    let otherVolunteer: SignedInStaff;
    let treasurer: SignedInStaff;

    beforeAll(async () => {
      editor = await signInStaff(t, 'editor');
      owner = await signInStaff(t, 'owner');
      volunteer = await signInStaff(t, 'volunteer', { centerId: 1 });
      otherVolunteer = await signInStaff(t, 'volunteer', { centerId: 2 });
      treasurer = await signInStaff(t, 'treasurer');
    });

    const url = (sessionId: number, rest = '') => `/api/staff/sessions/${sessionId}/waiting-list${rest}`;

    it('shows the line in order; moves a family up one place; sends an offer by hand; both audited', async () => {
      const session = await seedSession(db(), { capacity: 5, taken: 5 });
      const a = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 2 });
      const b = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 });
      const c = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 3 });

      const listed = await staffCall(t.app, volunteer, 'GET', url(session.id));
      expect(listed.statusCode).toBe(200);
      const line = listed.json<WaitingList>();
      expect(line).toMatchObject({ sessionId: session.id, placesLeft: 0, canManage: false });
      expect(line.families.map((f) => [f.position, f.registrationId, f.people, f.status])).toEqual([
        [1, a.id, 2, 'waiting'],
        [2, b.id, 1, 'waiting'],
        [3, c.id, 3, 'waiting'],
      ]);
      expect(line.families[0]).toMatchObject({
        registrationNumber: formatRegistrationNumber(a.number),
        firstName: a.firstName,
        email: a.email,
        offerExpiresAt: null,
      });

      const moved = await staffCall(t.app, editor, 'POST', url(session.id, `/${c.id}/move-up`));
      expect(moved.statusCode).toBe(200);
      expect(moved.json<WaitingList>().families.map((f) => f.registrationId)).toEqual([a.id, c.id, b.id]);
      const [moveAudit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'waitlist.move-up'), eq(auditLog.targetId, c.id)));
      expect(moveAudit).toMatchObject({ actorName: editor.username, targetType: 'registration' });

      const again = await staffCall(t.app, editor, 'POST', url(session.id, `/${c.id}/move-up`));
      expect(again.json<WaitingList>().families.map((f) => f.registrationId)).toEqual([c.id, a.id, b.id]);
      const top = await staffCall(t.app, editor, 'POST', url(session.id, `/${c.id}/move-up`));
      expect(top.statusCode).toBe(409);
      expect(top.json().error.message).toBe(waitingListTexts.alreadyFirst);

      // No places free: a hand offer says how many are left and changes nothing.
      const full = await staffCall(t.app, owner, 'POST', url(session.id, `/${b.id}/offer`));
      expect(full.statusCode).toBe(409);
      expect(full.json().error).toMatchObject({
        code: 'not_enough_places',
        message: waitingListTexts.notEnoughForFamily(0, 1),
        fields: { placesLeft: eventSessionTexts.placesLeft(0) },
      });
      expect(await statusOf(b)).toBe('waiting');

      // One place frees with no one fitting ahead... it goes to b by the walk; free it by hand instead.
      await db().update(eventSessions).set({ taken: 4 }).where(eq(eventSessions.id, session.id));
      const offered = await staffCall(t.app, owner, 'POST', url(session.id, `/${b.id}/offer`));
      expect(offered.statusCode).toBe(200);
      const afterOffer = offered.json<WaitingList>();
      const bRow = afterOffer.families.find((f) => f.registrationId === b.id);
      expect(bRow?.status).toBe('offered');
      const offer = await openOffer(b);
      expect(bRow?.offerExpiresAt).toBe(offer.expiresAt.toISOString());
      expect(offer.offeredBy).toBe(owner.id);
      expect(afterOffer.placesLeft).toBe(0);
      const [offerAudit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'waitlist.offer'), eq(auditLog.targetId, b.id)));
      expect(offerAudit).toMatchObject({ actorName: owner.username, after: { offerId: offer.id, people: 1 } });
      expect(await outboxMessages(db(), t.site, offer.id, WAITLIST_OFFER_KIND)).toHaveLength(1);

      const twice = await staffCall(t.app, owner, 'POST', url(session.id, `/${b.id}/offer`));
      expect(twice.statusCode).toBe(409);

      // Places free, but not in the family's category: said so.
      const capped = await seedSession(db(), { capacity: 5, taken: 3, memorizationCapacity: 1, memorizationTaken: 1 });
      const memorizer = await seedFamily(db(), {
        sessionId: capped.id,
        status: 'waiting',
        people: 1,
        categories: ['Memorization'],
      });
      const short = await staffCall(t.app, owner, 'POST', url(capped.id, `/${memorizer.id}/offer`));
      expect(short.statusCode).toBe(409);
      expect(short.json().error.message).toBe(waitingListTexts.categoryShort);
    });

    it('lets a volunteer read only their own center, change nothing; other roles are refused', async () => {
      const session = await seedSession(db(), { capacity: 5, taken: 5, centerId: 1 });
      const family = await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 });
      await seedFamily(db(), { sessionId: session.id, status: 'waiting', people: 1 });

      const other = await staffCall(t.app, otherVolunteer, 'GET', url(session.id));
      expect(other.statusCode).toBe(403);
      expect(other.json().error).toMatchObject({ code: 'other_center' });
      expect(other.json().error.message).toContain('Bay Area Center, California');
      expect((await staffCall(t.app, treasurer, 'GET', url(session.id))).statusCode).toBe(403);
      expect((await staffCall(t.app, undefined, 'GET', url(session.id))).statusCode).toBe(401);
      for (const action of ['move-up', 'offer']) {
        const refused = await staffCall(t.app, volunteer, 'POST', url(session.id, `/${family.id}/${action}`));
        expect(refused.statusCode, action).toBe(403);
      }
      const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, family.id));
      expect(audits).toEqual([]);

      expect((await staffCall(t.app, editor, 'GET', url(999_999))).statusCode).toBe(404);
      const badId = await staffCall(t.app, editor, 'GET', '/api/staff/sessions/abc/waiting-list');
      expect(badId.statusCode).toBe(400);
      const badFamily = await staffCall(t.app, editor, 'POST', url(session.id, '/not-a-uuid/move-up'));
      expect(badFamily.statusCode).toBe(400);
      expect(badFamily.json().error.fields.registrationId).toBeDefined();
      const notInLine = await staffCall(
        t.app,
        editor,
        'POST',
        url(session.id, '/00000000-0000-4000-8000-000000000000/move-up'),
      );
      expect(notInLine.statusCode).toBe(404);
    });
  });
});
