/**
 * Check-in at the door as the devices and the staff meet it: a door's check-ins kept, a replay
 * answered as before and stored once, two doors and one ticket (the first received kept, both told),
 * every refusal storing nothing, a volunteer of another center refused, and the live counts.
 */
import { randomUUID } from 'node:crypto';
import {
  type CheckInSyncRequest,
  checkInCountsSchema,
  checkInSyncResponseSchema,
  type DeviceCheckIn,
} from '@store/shared/check-in-sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import {
  adultPerson,
  changeRegistrant,
  childPerson,
  seedRegistration,
  seedSession,
} from '../../../test/ticket-fixtures';

const NORTH = { deviceId: randomUUID(), deviceName: 'North door' };
const SOUTH = { deviceId: randomUUID(), deviceName: 'South door' };

function checkIn(ticketId: string, values: Partial<DeviceCheckIn> = {}): DeviceCheckIn {
  return { id: randomUUID(), ticketId, scannedAt: new Date().toISOString(), method: 'scan', guardian: null, ...values };
}

describeWithDb('check-in at the door', () => {
  let t: TestApp;
  let owner: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signInStaff(t, 'owner');
  });
  afterAll(() => t?.close());

  const storedCheckIns = async () =>
    Number((await t.testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from check_ins`)).rows[0]?.n ?? 0);

  async function sync(sessionId: number, request: CheckInSyncRequest, staff: SignedInStaff = owner) {
    const res = await staffCall(t.app, staff, 'POST', `/api/staff/sessions/${sessionId}/check-ins/sync`, request);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return checkInSyncResponseSchema.parse(res.json());
  }

  async function counts(sessionId: number, staff: SignedInStaff = owner) {
    const res = await staffCall(t.app, staff, 'GET', `/api/staff/sessions/${sessionId}/check-ins`);
    expect(res.statusCode, res.body).toBe(200);
    return checkInCountsSchema.parse(res.json());
  }

  it('keeps a door’s check-ins, answers a replay as before and stores it once', async () => {
    const session = await seedSession(t.testDb.db);
    const { tickets } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'Asha' }), adultPerson({ firstName: 'Bala' })],
    });
    const [asha, bala] = tickets.map((ticket) => checkIn(ticket.id));
    if (!asha || !bala) throw new Error('two tickets expected');
    const before = await storedCheckIns();
    const first = await sync(session.id, { ...NORTH, checkIns: [asha, bala] });
    expect(first.results).toEqual([
      { id: asha.id, result: 'kept', kept: null },
      { id: bala.id, result: 'kept', kept: null },
    ]);
    expect(first.kept.map((row) => [row.ticketId, row.deviceName])).toEqual([
      [asha.ticketId, 'North door'],
      [bala.ticketId, 'North door'],
    ]);
    // The reply was lost: the door sends the same check-ins again.
    const again = await sync(session.id, { ...NORTH, checkIns: [asha, bala] });
    expect(again.results).toEqual(first.results);
    expect(await storedCheckIns()).toBe(before + 2);
    // An empty sync reads what the doors did.
    const read = await sync(session.id, { ...SOUTH, checkIns: [] });
    expect(read.results).toEqual([]);
    expect(read.kept.map((row) => row.id)).toEqual([asha.id, bala.id]);
  });

  it('keeps the first check-in received of a ticket and tells both doors of the second', async () => {
    const session = await seedSession(t.testDb.db);
    const { tickets } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'Chitra', lastName: 'Nair' })],
    });
    const ticketId = tickets[0]?.id ?? '';
    // The South door scanned first, offline; the North door's check-in reached the server first.
    const south = checkIn(ticketId, { scannedAt: new Date(Date.now() - 60_000).toISOString() });
    const north = checkIn(ticketId, { method: 'search' });
    expect((await sync(session.id, { ...NORTH, checkIns: [north] })).results[0]?.result).toBe('kept');
    const answer = await sync(session.id, { ...SOUTH, checkIns: [south] });
    expect(answer.results).toEqual([
      { id: south.id, result: 'conflict', kept: expect.objectContaining({ id: north.id, deviceName: 'North door' }) },
    ]);
    const conflict = {
      ticketId,
      name: 'Chitra Nair',
      kept: expect.objectContaining({ id: north.id, deviceName: 'North door', method: 'search' }),
      conflicting: expect.objectContaining({ id: south.id, deviceName: 'South door', method: 'scan' }),
    };
    expect(answer.conflicts).toEqual([conflict]);
    // The North door learns of it at its next sync.
    expect((await sync(session.id, { ...NORTH, checkIns: [] })).conflicts).toEqual([conflict]);
    // Sent again, the conflict is answered as before and stored once.
    expect((await sync(session.id, { ...SOUTH, checkIns: [south] })).results).toEqual(answer.results);
    // One door checking one ticket in twice (two ids): the second is a conflict with its first.
    const { tickets: more } = await seedRegistration(t.testDb.db, { sessionId: session.id, people: [adultPerson()] });
    const once = checkIn(more[0]?.id ?? '');
    const twice = checkIn(more[0]?.id ?? '');
    const same = await sync(session.id, { ...NORTH, checkIns: [once, twice] });
    expect(same.results.map((result) => [result.id, result.result, result.kept?.id ?? null])).toEqual([
      [once.id, 'kept', null],
      [twice.id, 'conflict', once.id],
    ]);
    const figures = await counts(session.id);
    expect(figures).toMatchObject({ registered: 2, checkedIn: 2, missing: [] });
    expect(figures.conflicts).toHaveLength(2);
  });

  it('refuses what a door could not know, and stores none of it', async () => {
    const session = await seedSession(t.testDb.db);
    const elsewhere = await seedSession(t.testDb.db);
    const { registrants, tickets } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'Esha' }), childPerson({ firstName: 'Dhruv' })],
    });
    const { tickets: otherTickets } = await seedRegistration(t.testDb.db, {
      sessionId: elsewhere.id,
      people: [adultPerson()],
    });
    const [esha, dhruv] = tickets;
    if (!esha || !dhruv || !registrants[0]) throw new Error('two tickets expected');
    // Esha's details were corrected after the door downloaded its list: her old ticket is revoked.
    const { issued } = await changeRegistrant(t.testDb.db, registrants[0].id, session.id);
    const before = await storedCheckIns();
    const answer = await sync(session.id, {
      ...NORTH,
      checkIns: [checkIn(esha.id), checkIn(otherTickets[0]?.id ?? ''), checkIn(randomUUID()), checkIn(dhruv.id)],
    });
    expect(answer.results.map((result) => result.result)).toEqual([
      'revoked',
      'not_this_session',
      'unknown_ticket',
      'guardian_required',
    ]);
    expect(answer.revoked).toEqual([esha.id]);
    expect(await storedCheckIns()).toBe(before);
    // With the guardian confirmed, the child is checked in; so is Esha's new ticket.
    const child = checkIn(dhruv.id, { guardian: 'mother', method: 'search' });
    const kept = await sync(session.id, { ...NORTH, checkIns: [child, checkIn(issued.id)] });
    expect(kept.results.map((result) => result.result)).toEqual(['kept', 'kept']);
    expect(kept.kept.find((row) => row.id === child.id)).toMatchObject({ guardian: 'mother', method: 'search' });
  });

  it('refuses a bad body with the field named, and changes nothing', async () => {
    const session = await seedSession(t.testDb.db);
    const url = `/api/staff/sessions/${session.id}/check-ins/sync`;
    const before = await storedCheckIns();
    const cases: [object, string][] = [
      [{ ...NORTH, deviceId: 'phone-1', checkIns: [] }, 'deviceId'],
      [{ deviceId: NORTH.deviceId, deviceName: ' ', checkIns: [] }, 'deviceName'],
      [{ ...NORTH, checkIns: [{ ...checkIn(randomUUID()), scannedAt: 'yesterday' }] }, 'checkIns'],
      [{ ...NORTH, checkIns: [{ ...checkIn(randomUUID()), guardian: 'aunt' }] }, 'checkIns'],
      [{ ...NORTH, checkIns: Array.from({ length: 501 }, () => checkIn(randomUUID())) }, 'checkIns'],
      [{ ...NORTH, checkIns: [], extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await staffCall(t.app, owner, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toContain(field);
    }
    const missing = await staffCall(t.app, owner, 'POST', '/api/staff/sessions/999999/check-ins/sync', {
      ...NORTH,
      checkIns: [],
    });
    expect(missing.statusCode).toBe(404);
    expect(await storedCheckIns()).toBe(before);
  });

  describe('who may work a door', () => {
    it('lets a volunteer work their own center’s session only; an editor and a visitor not at all', async () => {
      const session = await seedSession(t.testDb.db, { centerId: 2 });
      const { tickets } = await seedRegistration(t.testDb.db, { sessionId: session.id, people: [adultPerson()] });
      const url = `/api/staff/sessions/${session.id}/check-ins/sync`;
      const body = { ...NORTH, checkIns: [checkIn(tickets[0]?.id ?? '')] };
      const other = await staffCall(t.app, await signInStaff(t, 'volunteer', { centerId: 1 }), 'POST', url, body);
      expect(other.statusCode).toBe(403);
      expect(other.json().error.code).toBe('other_center');
      const editor = await staffCall(
        t.app,
        await signInStaff(t, 'editor'),
        'GET',
        `/api/staff/sessions/${session.id}/check-ins`,
      );
      expect(editor.statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/staff/sessions/${session.id}/check-ins` })).statusCode).toBe(401);
      const own = await signInStaff(t, 'volunteer', { centerId: 2 });
      expect((await sync(session.id, body, own)).results[0]?.result).toBe('kept');
      expect((await counts(session.id, own)).checkedIn).toBe(1);
      const treasurer = await signInStaff(t, 'treasurer');
      expect((await counts(session.id, treasurer)).registered).toBe(1);
    });
  });

  it('counts the doors live: checked in of registered, each device, and who is missing with a phone to call', async () => {
    const session = await seedSession(t.testDb.db);
    const { tickets } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [
        adultPerson({ firstName: 'Asha', phone: '512 555 0100' }),
        adultPerson({ firstName: 'Bala', lastName: 'Iyer', phone: '469 555 0199' }),
        childPerson({ firstName: 'Dhruv', lastName: 'Das', mothersName: 'Meena Das', fathersName: 'Kiran Das' }),
      ],
    });
    const [asha] = tickets;
    await sync(session.id, { ...NORTH, checkIns: [checkIn(asha?.id ?? '')] });
    const figures = await counts(session.id);
    expect(figures).toMatchObject({ sessionId: session.id, registered: 3, checkedIn: 1, conflicts: [] });
    expect(figures.devices).toEqual([
      expect.objectContaining({ deviceId: NORTH.deviceId, deviceName: 'North door', kept: 1 }),
    ]);
    expect(figures.missing).toEqual([
      {
        ticketId: tickets[2]?.id,
        name: 'Dhruv Das',
        category: 'Child',
        minor: true,
        phone: null,
        guardians: {
          mother: 'Meena Das',
          motherPhone: '512 555 0100',
          father: 'Kiran Das',
          fatherPhone: '512 555 0101',
        },
      },
      {
        ticketId: tickets[1]?.id,
        name: 'Bala Iyer',
        category: 'Memorization',
        minor: false,
        phone: '469 555 0199',
        guardians: null,
      },
    ]);
  });
});
