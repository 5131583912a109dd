/**
 * Issue 21, the back office's donors and registrations on both databases: the list (one line per
 * person, net totals, search), a donor's page, merging two records of one person (every gift kept,
 * audited), role checks, and a volunteer reading only their center's region.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { sendYearEndStatements } from '#src/modules/statements/send-statements';
import { listYearGifts } from '#src/modules/statements/year-gifts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { createSession } from '../../../test/event-session-helpers';
import { adultRegistrant, postRegistration } from '../../../test/registration-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('back-office donors and registrations', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp();
    treasurer = await signInStaff(t, 'treasurer');
    const give = async (email: string, dollars: number, firstName = 'Asha') => {
      const body = checkoutBody(await sandboxNonce(t.app), [openAmount(8, dollars)], email);
      body.customerDetails = { ...body.customerDetails, cardFirstName: firstName };
      const res = await postCheckout(t.app, { body });
      if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    };
    await give('asha@example.org', 51);
    await give('Asha@Example.org', 101);
    await give('asha.rao@work.example', 25);
    await give('bob@example.org', 10, 'Bob');
    const { id: sessionId } = await createSession(t.testDb.db);
    const register = async (state: string, email: string) => {
      const res = await postRegistration(t.app, {
        body: { sessionId, registrants: [adultRegistrant({ state, email })] },
      });
      if (res.statusCode !== 201) throw new Error(`registration: ${res.statusCode} ${res.body}`);
    };
    await register('TX', 'asha@example.org');
    await register('CA', 'carol@example.org');
  });
  afterAll(() => t?.close());

  const get = (url: string, who: SignedInStaff | undefined = treasurer) => staffCall(t.app, who, 'GET', url);

  it('lists one line per person with their net total, and finds them by name or e-mail', async () => {
    const page = (await get('/api/staff/donors')).json();
    expect(page.donors.map((d: { email: string }) => d.email)).toEqual([
      'asha.rao@work.example',
      'asha@example.org',
      'bob@example.org',
    ]);
    expect(page.donors[1]).toMatchObject({ giftCount: 2, totalCents: 15_200, aliases: [] });
    expect(page.nextCursor).toBeNull();
    // The next page starts after the cursor, the last donor's address of the page before.
    const next = (await get(`/api/staff/donors?cursor=${encodeURIComponent('asha@example.org')}`)).json();
    expect(next.donors.map((d: { email: string }) => d.email)).toEqual(['bob@example.org']);
    expect((await get('/api/staff/donors?q=bob')).json().donors).toHaveLength(1);
    expect((await get('/api/staff/donors?q=ASHA')).json().donors).toHaveLength(2);
    expect((await get('/api/staff/donors?q=%25')).json().donors).toHaveLength(0);
  });

  it("shows a donor's page: totals by year, gifts, registrations", async () => {
    const res = await get('/api/staff/donors/ASHA@example.org');
    expect(res.statusCode).toBe(200);
    const year = new Date().getFullYear();
    expect(res.json()).toMatchObject({
      email: 'asha@example.org',
      giftCount: 2,
      totalCents: 15_200,
      totalsByYear: [{ currency: 'USD', totalCents: 15_200, deductibleCents: 15_200 }],
      registrations: [{ people: 1 }],
    });
    expect([year - 1, year, year + 1]).toContain(res.json().totalsByYear[0].year);
    expect(res.json().gifts).toHaveLength(2);
    const unknown = await get('/api/staff/donors/nobody@example.org');
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/staff/donors/not-an-email')).json().error.fields).toHaveProperty('email');
  });

  it('merges two records of one person, keeping every gift, once, and audits it', async () => {
    const merge = (body: object, who = treasurer) => staffCall(t.app, who, 'POST', '/api/staff/donors/merge', body);
    const merged = await merge({ from: 'Asha.Rao@work.example', into: 'asha@example.org' });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      email: 'asha@example.org',
      giftCount: 3,
      totalCents: 17_700,
      aliases: ['asha.rao@work.example'],
    });
    // The list counts the person once, under the kept address; the merged address finds the same record.
    const page = (await get('/api/staff/donors')).json();
    expect(page.donors.map((d: { email: string }) => d.email)).toEqual(['asha@example.org', 'bob@example.org']);
    expect((await get('/api/staff/donors/asha.rao@work.example')).json().email).toBe('asha@example.org');

    expect((await merge({ from: 'asha.rao@work.example', into: 'asha@example.org' })).statusCode).toBe(409);
    const unknown = await merge({ from: 'nobody@example.org', into: 'asha@example.org' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.fields).toHaveProperty('from');
    const same = await merge({ from: 'bob@example.org', into: 'BOB@example.org' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toHaveProperty('from');
    expect(
      (await merge({ from: 'bob@example.org', into: 'asha@example.org' }, await signInStaff(t, 'editor'))).statusCode,
    ).toBe(403);

    // The year-end statements count the person once too, with the gifts of both addresses.
    await t.testDb.db.update(orders).set({ test: false });
    const year = Number(
      new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(new Date()),
    );
    const run = await sendYearEndStatements({ db: t.testDb.db, year, timeZone: 'America/Chicago', dryRun: true });
    expect(run).toMatchObject({ donors: 2, queued: 2 });
    const gifts = await listYearGifts(t.testDb.db, { email: 'ASHA@example.org' }, year, 'America/Chicago');
    expect(gifts.map((g) => g.email.toLowerCase()).sort()).toEqual([
      'asha.rao@work.example',
      'asha@example.org',
      'asha@example.org',
    ]);
    // The treasurer's back-office button does the same run: a preview, then once.
    const send = (body: object, who: SignedInStaff = treasurer) =>
      staffCall(t.app, who, 'POST', '/api/staff/statements', body);
    expect((await send({ year, dryRun: true })).json()).toMatchObject({
      year,
      donors: 2,
      queued: 2,
      dryRun: true,
      yearOpen: true,
    });
    // This year has not ended at the foundation: sending is refused unless the loss is confirmed.
    const early = await send({ year, dryRun: false });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      `Nothing was sent. ${year} has not ended yet: it ends when December 31 ends, America/Chicago time. Each donor gets one statement per year, so the gifts they make between now and the end of ${year} will never be on a statement.`,
    );
    expect(early.json().error.fields).toHaveProperty('confirmOpenYear');
    expect((await send({ year, dryRun: true })).json()).toMatchObject({ queued: 2, alreadyQueued: 0 });
    const confirmed = { year, dryRun: false, confirmOpenYear: true };
    expect((await send(confirmed)).json()).toMatchObject({ donors: 2, queued: 2, alreadyQueued: 0 });
    expect((await send(confirmed)).json()).toMatchObject({ queued: 0, alreadyQueued: 2 });
    // Last year has ended: no confirmation is asked.
    expect((await send({ year: year - 1, dryRun: false })).json()).toMatchObject({ yearOpen: false, dryRun: false });
    expect((await send({ year: 1999, dryRun: false })).json().error.fields).toHaveProperty('year');
    expect((await send({ year, dryRun: false }, await signInStaff(t, 'editor'))).statusCode).toBe(403);
    await t.testDb.db.update(orders).set({ test: true });

    const owner = await signInStaff(t, 'owner');
    const audit = (await get('/api/staff/audit', owner)).json().entries as { action: string; actorName: string }[];
    expect(audit.filter((e) => e.action === 'donor.merge')).toEqual([
      expect.objectContaining({ actorName: treasurer.username }),
    ]);
  });

  it('lets no one but owners and treasurers read donors', async () => {
    for (const role of ['editor', 'volunteer'] as const) {
      expect((await get('/api/staff/donors', await signInStaff(t, role))).statusCode).toBe(403);
    }
    expect((await staffCall(t.app, undefined, 'GET', '/api/staff/donors')).statusCode).toBe(401);
  });

  describe('registrations', () => {
    it('shows all to a treasurer, to a volunteer the center’s state and its sessions, none to an editor', async () => {
      const all = (await get('/api/staff/registrations')).json();
      expect(all.registrations.map((r: { email: string }) => r.email)).toEqual([
        'carol@example.org',
        'asha@example.org',
      ]);
      expect(all.registrations[1].people).toEqual([expect.objectContaining({ name: 'Asha Rao', state: 'TX' })]);
      // Both recite at the Dallas center's session: Carol, who lives in California, too.
      const dallas = await signInStaff(t, 'volunteer', { centerId: 2 });
      expect(
        (await get('/api/staff/registrations', dallas)).json().registrations.map((r: { email: string }) => r.email),
      ).toEqual(['carol@example.org', 'asha@example.org']);
      const bayArea = await signInStaff(t, 'volunteer', { centerId: 1 });
      expect(
        (await get('/api/staff/registrations', bayArea)).json().registrations.map((r: { email: string }) => r.email),
      ).toEqual(['carol@example.org']);
      expect((await get('/api/staff/registrations', await signInStaff(t, 'editor'))).statusCode).toBe(403);
      expect((await get('/api/staff/registrations?cursor=junk')).statusCode).toBe(400);
    });
  });
});
