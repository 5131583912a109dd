/**
 * Issue 22, GET /api/staff/monthly-gifts on both databases: who may read it (owners and treasurers
 * every center, a volunteer their own, an editor nobody's, signed out 401), the summary with the
 * page, newest first with keyset paging, the status filter and the search, and bad input refused
 * with a 400 naming the field.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { daysAgo, seedMonthlyCharge, seedMonthlyGift } from '../../../test/monthly-gift-rows';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { MONTHLY_GIFTS_PAGE_SIZE } from './list-staff-monthly-gifts';

type Gift = { id: string; status: string; email: string; centerId: number; [key: string]: unknown };

describeWithDb('GET /api/staff/monthly-gifts', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;
  let volunteer: SignedInStaff;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.testDb.db;
    treasurer = await signInStaff(t, 'treasurer');
    volunteer = await signInStaff(t, 'volunteer', { centerId: 2 });
    const steady = await seedMonthlyGift(db, {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.org',
      amountCents: 5100,
      centerId: 1,
      billingDay: 15,
      nextChargeOn: '2026-12-15',
      createdAt: daysAgo(60),
    });
    ids.steady = steady.id;
    await seedMonthlyCharge(db, steady, { status: 'succeeded', createdAt: daysAgo(12), billingPeriod: '2026-11' });
    const declined = await seedMonthlyGift(db, {
      status: 'paused',
      pausedReason: 'card_declined',
      firstName: 'Bob',
      lastName: 'Declined',
      email: 'bob@example.org',
      amountCents: 3000,
      centerId: 2,
      failedAttempts: 3,
      createdAt: daysAgo(50),
    });
    ids.declined = declined.id;
    await seedMonthlyCharge(db, declined, { status: 'failed', createdAt: daysAgo(4) });
    ids.cancelled = (
      await seedMonthlyGift(db, { status: 'cancelled', firstName: 'Carol', centerId: 2, createdAt: daysAgo(40) })
    ).id;
    // The first month was never paid: there is no donor page to link to.
    ids.unpaid = (
      await seedMonthlyGift(db, {
        status: 'cancelled',
        firstOrderStatus: 'failed',
        firstName: 'Dev',
        email: 'dev@example.org',
        centerId: 1,
        createdAt: daysAgo(30),
      })
    ).id;
    ids.starting = (await seedMonthlyGift(db, { status: 'starting', centerId: 2 })).id;
  });
  afterAll(() => t?.close());

  const get = (url: string, who: SignedInStaff | null = treasurer) => staffCall(t.app, who ?? undefined, 'GET', url);
  const giftsOf = async (url: string, who?: SignedInStaff) => {
    const res = await get(url, who);
    expect(res.statusCode).toBe(200);
    return res.json<{ gifts: Gift[] }>().gifts;
  };

  it('lists every center’s gifts newest first, with the summary, for a treasurer and an owner', async () => {
    const res = await get('/api/staff/monthly-gifts');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.gifts.map((g: Gift) => g.id)).toEqual([ids.unpaid, ids.cancelled, ids.declined, ids.steady]);
    expect(page.nextCursor).toBeNull();
    expect(page.summary).toEqual({
      active: 1,
      paused: 1,
      cancelled: 2,
      monthlyRecurring: 51,
      failedCharges: 1,
      pausedForDeclines: 1,
    });
    const steady = page.gifts.find((g: Gift) => g.id === ids.steady);
    expect(steady).toMatchObject({
      status: 'active',
      pausedReason: null,
      amount: 51,
      itemName: 'General Donation',
      centerName: 'Bay Area Center, California',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.org',
      billingDay: 15,
      nextChargeOn: '2026-12-15',
      failedAttempts: 0,
      hasDonorPage: true,
    });
    expect(steady.lastChargeAt.slice(0, 10)).toBe(daysAgo(12).toISOString().slice(0, 10));
    expect(page.gifts.find((g: Gift) => g.id === ids.declined)).toMatchObject({
      status: 'paused',
      pausedReason: 'card_declined',
      nextChargeOn: null,
      failedAttempts: 3,
    });
    expect(page.gifts.find((g: Gift) => g.id === ids.unpaid)).toMatchObject({
      lastChargeAt: null,
      hasDonorPage: false,
    });
    const owner = await signInStaff(t, 'owner');
    expect(await giftsOf('/api/staff/monthly-gifts', owner)).toHaveLength(4);
  });

  it("shows a volunteer their own center's gifts and summary only", async () => {
    const res = await get('/api/staff/monthly-gifts', volunteer);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.gifts.map((g: Gift) => g.id)).toEqual([ids.cancelled, ids.declined]);
    expect(page.summary).toMatchObject({ active: 0, paused: 1, cancelled: 1, monthlyRecurring: 0, failedCharges: 1 });
  });

  it('refuses an editor (403) and a visitor who is not signed in (401)', async () => {
    const editor = await signInStaff(t, 'editor');
    expect((await get('/api/staff/monthly-gifts', editor)).statusCode).toBe(403);
    expect((await get('/api/staff/monthly-gifts', null)).statusCode).toBe(401);
  });

  it('filters by status and finds gifts by name or e-mail', async () => {
    expect((await giftsOf('/api/staff/monthly-gifts?status=active')).map((g) => g.id)).toEqual([ids.steady]);
    expect((await giftsOf('/api/staff/monthly-gifts?status=paused')).map((g) => g.id)).toEqual([ids.declined]);
    expect((await giftsOf('/api/staff/monthly-gifts?status=cancelled')).map((g) => g.id)).toEqual([
      ids.unpaid,
      ids.cancelled,
    ]);
    expect((await giftsOf('/api/staff/monthly-gifts?q=BOB%20decl')).map((g) => g.id)).toEqual([ids.declined]);
    expect((await giftsOf('/api/staff/monthly-gifts?q=asha%40example')).map((g) => g.id)).toEqual([ids.steady]);
    expect(await giftsOf('/api/staff/monthly-gifts?q=%25')).toEqual([]);
    expect(await giftsOf('/api/staff/monthly-gifts?q=asha&status=paused')).toEqual([]);
  });

  it('pages newest first by keyset, each gift once', async () => {
    const db = t.testDb.db;
    const base = daysAgo(1);
    for (let i = 0; i < MONTHLY_GIFTS_PAGE_SIZE + 2; i += 1) {
      await seedMonthlyGift(db, {
        firstName: 'Paged',
        centerId: 3,
        createdAt: new Date(base.getTime() + (i % 3) * 1000),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/staff/monthly-gifts?q=paged${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page: { gifts: Gift[]; nextCursor: string | null } = res.json();
      seen.push(...page.gifts.map((g) => g.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(MONTHLY_GIFTS_PAGE_SIZE + 2);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("lists a donor's monthly gifts on their page", async () => {
    const res = await get('/api/staff/donors/ASHA@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json().monthlyGifts.map((g: Gift) => [g.id, g.status])).toEqual([[ids.steady, 'active']]);
    expect((await get('/api/staff/donors/bob@example.org')).json().monthlyGifts).toMatchObject([
      { id: ids.declined, pausedReason: 'card_declined' },
    ]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const fieldOf = async (query: string) => {
      const res = await get(`/api/staff/monthly-gifts?${query}`);
      expect(res.statusCode).toBe(400);
      return Object.keys(res.json().error.fields ?? {});
    };
    expect(await fieldOf('status=starting')).toEqual(['status']);
    expect(await fieldOf('status=')).toEqual(['status']);
    expect(await fieldOf(`q=${'x'.repeat(201)}`)).toEqual(['q']);
    expect(await fieldOf('q=a%00b')).toEqual(['q']);
    expect(await fieldOf('cursor=not-a-cursor')).toEqual(['cursor']);
    expect(await fieldOf(`cursor=${'a'.repeat(201)}`)).toEqual(['cursor']);
  });
});
