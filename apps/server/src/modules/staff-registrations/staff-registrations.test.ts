/**
 * GET /api/staff/registrations with sessions, on both databases: each registration names its session
 * (center · hall · start in the session's zone) and its status, and a volunteer sees their center's
 * sessions' families even when those live in another state.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertSession, seedSessionRegistration } from '../../../test/event-session-rows';
import { signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

type Listed = { email: string; session: string | null; status: string };

describeWithDb('staff registrations with their sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.testDb.db;
    const dallas = await insertSession(db);
    // Living in California, reciting in Dallas.
    await seedSessionRegistration(db, dallas, 'registered', [{ age: 40 }], 'Visitor', {
      state: 'CA',
      city: 'Fremont',
      zip: '94539',
    });
    await seedSessionRegistration(db, dallas, 'waiting', [{ age: 35 }, { age: 7 }], 'Nair');
  });
  afterAll(() => t?.close());

  const list = async (role: 'treasurer' | 'volunteer', centerId?: number) => {
    const who = await signInStaff(t, role, centerId === undefined ? {} : { centerId });
    const res = await staffCall(t.app, who, 'GET', '/api/staff/registrations');
    expect(res.statusCode).toBe(200);
    return res.json<{ registrations: Listed[] }>().registrations;
  };

  it('names each registration’s session and status', async () => {
    const session = 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00';
    expect((await list('treasurer')).map((r) => [r.email, r.session, r.status])).toEqual([
      ['nair@example.org', session, 'waiting'],
      ['visitor@example.org', session, 'registered'],
    ]);
  });

  it('shows a volunteer the families of their center’s sessions, wherever they live', async () => {
    expect((await list('volunteer', 2)).map((r) => r.email)).toEqual(['nair@example.org', 'visitor@example.org']);
    // Bay Area's volunteer sees the Californian family by its state, not the Texan one.
    expect((await list('volunteer', 1)).map((r) => r.email)).toEqual(['visitor@example.org']);
    // New Jersey's sees neither.
    expect(await list('volunteer', 4)).toEqual([]);
  });
});
