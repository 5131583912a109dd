/**
 * The back office's sessions on both databases: who may manage and read them (owners and editors
 * manage, treasurers read all, a volunteer reads their own center's only), bad input refused with a
 * 400 naming the field and nothing stored, a capacity lowered below the places taken refused (409
 * naming them) and raised allowed, archiving, the audit, and the figures on a mixed seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { seedSessionRegistration } from '../../../test/event-session-rows';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

type Figures = Record<string, number>;
type Session = {
  id: number;
  centerId: number;
  centerName: string;
  capacity: number;
  taken: number;
  archived: boolean;
  availability: string;
  figures: Figures;
  hall: string;
};
type Detail = {
  session: Session;
  registrants: { registrationNumber: string; name: string; status: string; ticketId: string | null }[];
  registrantCount: number;
};

const dallas = {
  centerId: 2,
  hall: 'Datta Auditorium',
  address: '4455 Legacy Dr, Frisco, TX 75034',
  startsAt: '2027-05-15T09:00:00-05:00',
  timeZone: 'America/Chicago',
  capacity: 20,
  memorizationCapacity: 8,
};

describeWithDb('staff sessions: /api/staff/sessions', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  let editor: SignedInStaff;
  let treasurer: SignedInStaff;
  let volunteer: SignedInStaff;
  let dallasId: number;
  let bayAreaId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signInStaff(t, 'owner');
    editor = await signInStaff(t, 'editor');
    treasurer = await signInStaff(t, 'treasurer');
    volunteer = await signInStaff(t, 'volunteer', { centerId: 2 });
    const created = await staffCall(t.app, editor, 'POST', '/api/staff/sessions', dallas);
    expect(created.statusCode).toBe(201);
    dallasId = created.json<Detail>().session.id;
    const bay = await staffCall(t.app, owner, 'POST', '/api/staff/sessions', {
      ...dallas,
      centerId: 1,
      hall: 'Main prayer hall',
      startsAt: '2027-05-15T09:00:00-07:00',
      timeZone: 'America/Los_Angeles',
      capacity: 400,
      memorizationCapacity: undefined,
    });
    expect(bay.statusCode).toBe(201);
    bayAreaId = bay.json<Detail>().session.id;

    const db = t.testDb.db;
    // Registered: two adults (one Memorization, one Fluent Reading) and a child; one more adult cancelled.
    await seedSessionRegistration(db, dallasId, 'registered', [
      { firstName: 'Asha', age: 40, category: 'Memorization' },
      { firstName: 'Ravi', age: 42, category: 'Fluent Reading' },
      { firstName: 'Anu', age: 9 },
      { firstName: 'Gone', age: 70, category: 'Memorization', cancelled: true },
    ]);
    await seedSessionRegistration(db, dallasId, 'registered', [{ firstName: 'Kiran', age: 12 }], 'Iyer');
    // Offered: places held, no tickets yet.
    await seedSessionRegistration(
      db,
      dallasId,
      'offered',
      [
        { firstName: 'Meera', age: 30 },
        { firstName: 'Dev', age: 5 },
      ],
      'Shah',
    );
    // Waiting: two families, five people.
    await seedSessionRegistration(db, dallasId, 'waiting', [{ age: 35 }, { age: 8 }, { age: 6 }], 'Nair');
    await seedSessionRegistration(db, dallasId, 'waiting', [{ age: 50 }, { age: 51 }], 'Pillai');
    // A whole family cancelled counts nowhere.
    await seedSessionRegistration(db, dallasId, 'cancelled', [{ age: 33 }], 'Gone');
    // Another center's family.
    await seedSessionRegistration(db, bayAreaId, 'registered', [{ age: 20 }], 'Bay');
  });
  afterAll(() => t?.close());

  const list = async (who: SignedInStaff) => {
    const res = await staffCall(t.app, who, 'GET', '/api/staff/sessions');
    expect(res.statusCode).toBe(200);
    return res.json<{ sessions: Session[] }>().sessions;
  };

  it('counts each session’s people once: registered, places left, waiting, offered, minors, adults, categories', async () => {
    const sessions = await list(owner);
    const session = sessions.find((s) => s.id === dallasId);
    expect(session).toMatchObject({ centerName: 'Dallas Center, Texas', capacity: 20, taken: 6, archived: false });
    expect(session?.figures).toEqual({
      registered: 4,
      placesLeft: 14,
      waitingFamilies: 2,
      waitingPeople: 5,
      offeredFamilies: 1,
      offeredPeople: 2,
      minors: 2,
      adults: 2,
      memorization: 1,
      fluentReading: 1,
    });
    expect(sessions.find((s) => s.id === bayAreaId)?.figures).toMatchObject({
      registered: 1,
      placesLeft: 399,
      adults: 1,
    });
  });

  it('shows a session’s figures and its people with their live tickets', async () => {
    const res = await staffCall(t.app, treasurer, 'GET', `/api/staff/sessions/${dallasId}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<Detail>();
    expect(detail.session.figures.registered).toBe(4);
    expect(detail.registrantCount).toBe(6);
    expect(detail.registrants.map((r) => [r.name, r.status])).toEqual([
      ['Asha Rao', 'registered'],
      ['Ravi Rao', 'registered'],
      ['Anu Rao', 'registered'],
      ['Kiran Iyer', 'registered'],
      ['Meera Shah', 'offered'],
      ['Dev Shah', 'offered'],
    ]);
    const registered = detail.registrants.filter((r) => r.status === 'registered');
    expect(registered.every((r) => /^[0-9a-f-]{36}$/.test(r.ticketId ?? ''))).toBe(true);
    expect(new Set(registered.map((r) => r.ticketId)).size).toBe(4);
    expect(detail.registrants.filter((r) => r.status === 'offered').map((r) => r.ticketId)).toEqual([null, null]);
  });

  describe('roles', () => {
    it('lets a treasurer and an editor read every center’s sessions', async () => {
      expect((await list(treasurer)).map((s) => s.id)).toEqual(expect.arrayContaining([dallasId, bayAreaId]));
      expect((await list(editor)).map((s) => s.id)).toEqual(expect.arrayContaining([dallasId, bayAreaId]));
    });

    it('shows a volunteer their own center’s sessions only, and refuses another center’s by name', async () => {
      const own = await list(volunteer);
      expect(own.map((s) => s.centerId)).toEqual(own.map(() => 2));
      expect(own.map((s) => s.id)).toContain(dallasId);
      expect((await staffCall(t.app, volunteer, 'GET', `/api/staff/sessions/${dallasId}`)).statusCode).toBe(200);
      const other = await staffCall(t.app, volunteer, 'GET', `/api/staff/sessions/${bayAreaId}`);
      expect(other.statusCode).toBe(403);
      expect(other.json().error).toEqual({
        code: 'other_center',
        message: 'This session belongs to another center (Bay Area Center, California).',
      });
    });

    it('refuses a treasurer and a volunteer any change, and a signed-out caller everything', async () => {
      for (const who of [treasurer, volunteer]) {
        const create = await staffCall(t.app, who, 'POST', '/api/staff/sessions', dallas);
        expect(create.statusCode).toBe(403);
        const patch = await staffCall(t.app, who, 'PATCH', `/api/staff/sessions/${dallasId}`, { capacity: 500 });
        expect(patch.statusCode).toBe(403);
      }
      expect((await staffCall(t.app, undefined, 'GET', '/api/staff/sessions')).statusCode).toBe(401);
      const after = await staffCall(t.app, owner, 'GET', `/api/staff/sessions/${dallasId}`);
      expect(after.json<Detail>().session.capacity).toBe(20);
    });
  });

  describe('validation', () => {
    const count = async () => (await list(owner)).length;

    it.each([
      ['hall', { ...dallas, hall: '  ' }, 'is required'],
      ['capacity', { ...dallas, capacity: -1 }, 'must be 0 or more'],
      ['capacity', { ...dallas, capacity: 2.5 }, 'must be a whole number of places'],
      [
        'startsAt',
        { ...dallas, startsAt: '2027-05-15 09:00' },
        'must be a date and time with its offset (2027-05-15T09:00:00-05:00)',
      ],
      ['timeZone', { ...dallas, timeZone: 'Mars/Olympus' }, 'must be a time zone such as America/Chicago'],
      ['memorizationCapacity', { ...dallas, memorizationCapacity: 'many' }, 'must be a whole number of places'],
      ['centerId', { ...dallas, centerId: 99 }, 'must be one of the site’s centers'],
    ])('refuses a bad %s with a 400 naming it, storing nothing', async (field, body, message) => {
      const before = await count();
      const res = await staffCall(t.app, owner, 'POST', '/api/staff/sessions', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
      expect(await count()).toBe(before);
    });

    it('refuses an empty change and a bad id', async () => {
      const empty = await staffCall(t.app, owner, 'PATCH', `/api/staff/sessions/${dallasId}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields).toEqual({ hall: 'nothing to change' });
      const badId = await staffCall(t.app, owner, 'GET', '/api/staff/sessions/abc');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error.fields.id).toBe('must be a session id');
      expect((await staffCall(t.app, owner, 'GET', '/api/staff/sessions/999999')).statusCode).toBe(404);
    });
  });

  describe('capacity and archive', () => {
    const patch = (body: object) => staffCall(t.app, editor, 'PATCH', `/api/staff/sessions/${dallasId}`, body);

    it('refuses a capacity below the places taken, naming them, and changes nothing', async () => {
      const res = await patch({ capacity: 5, hall: 'Smaller hall' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'conflict',
        message: '6 places are already taken: the capacity cannot be lower.',
        fields: { capacity: '6 places are already taken: the capacity cannot be lower.' },
      });
      const cap = await patch({ memorizationCapacity: 1 });
      expect(cap.statusCode).toBe(409);
      expect(cap.json().error.fields.memorizationCapacity).toBe(
        '2 places are already taken in this category: the cap cannot be lower.',
      );
      const detail = (await staffCall(t.app, owner, 'GET', `/api/staff/sessions/${dallasId}`)).json<Detail>();
      expect(detail.session).toMatchObject({ capacity: 20, hall: 'Datta Auditorium' });
    });

    it('allows the capacity down to exactly the places taken and up again, offers the new places to the line, and audits each change', async () => {
      const down = await patch({ capacity: 6 });
      expect(down.statusCode).toBe(200);
      expect(down.json<Detail>().session).toMatchObject({ capacity: 6, availability: 'full' });
      expect(down.json<Detail>().session.figures.placesLeft).toBe(0);
      const up = await patch({ capacity: 30, hall: 'Datta Auditorium, upstairs' });
      expect(up.statusCode).toBe(200);
      expect(up.json<Detail>().session).toMatchObject({ capacity: 30, hall: 'Datta Auditorium, upstairs' });
      // The 24 new places go to the line at once: both waiting families (3 and 2) are offered theirs.
      expect(up.json<Detail>().session.figures).toMatchObject({
        placesLeft: 19,
        waitingFamilies: 0,
        offeredFamilies: 3,
        offeredPeople: 7,
      });
      const audit = await staffCall(t.app, owner, 'GET', '/api/staff/audit');
      const entries = audit
        .json<{
          entries: { action: string; targetId: string; before: { capacity: number }; after: { capacity: number } }[];
        }>()
        .entries.filter((e) => e.action === 'event-session.update' && e.targetId === String(dallasId));
      expect(entries.map((e) => [e.before.capacity, e.after.capacity])).toEqual([
        [6, 30],
        [20, 6],
      ]);
      const created = audit
        .json<{ entries: { action: string; targetId: string; actorName: string; after: { hall: string } }[] }>()
        .entries.find((e) => e.action === 'event-session.create' && e.targetId === String(dallasId));
      expect(created).toMatchObject({ actorName: editor.username, after: { hall: 'Datta Auditorium' } });
    });

    it('archives a session and opens it again; its people keep their places', async () => {
      const archived = await patch({ archived: true });
      expect(archived.statusCode).toBe(200);
      expect(archived.json<Detail>().session.archived).toBe(true);
      expect(archived.json<Detail>().session.figures.registered).toBe(4);
      expect((await list(volunteer)).find((s) => s.id === dallasId)?.archived).toBe(true);
      const reopened = await patch({ archived: false });
      expect(reopened.json<Detail>().session.archived).toBe(false);
    });
  });
});
