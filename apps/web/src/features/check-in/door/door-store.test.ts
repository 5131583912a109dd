import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { checkInList, doorKeys, ticketIdStartingWith } from '#src/test/check-in-list-fixture';
import { openDoorStore } from './door-store';
import type { LocalCheckIn } from './door-types';

const SESSION = 7;
const t = (n: number) => ticketIdStartingWith('1234abcd', n);

/** A database of its own per test, so no test sees another's. */
const freshName = () => `check-in-${crypto.randomUUID()}`;

function checkIn(ticketId: string, sessionId = SESSION): Omit<LocalCheckIn, 'seq' | 'state' | 'refusal' | 'kept'> {
  return {
    id: crypto.randomUUID(),
    ticketId,
    sessionId,
    scannedAt: new Date().toISOString(),
    method: 'scan',
    guardian: null,
  };
}

describe('the door store', () => {
  it('makes the device uuid once and keeps it when the device is renamed', async () => {
    const store = await openDoorStore(freshName());
    expect(await store.device()).toBeUndefined();
    const first = await store.nameDevice('  North door ');
    expect(first.deviceName).toBe('North door');
    const renamed = await store.nameDevice('East door');
    expect(renamed).toEqual({ deviceId: first.deviceId, deviceName: 'East door' });
    expect(await store.device()).toEqual(renamed);
    await expect(store.nameDevice('   ')).rejects.toThrow("The device's name is required.");
    await expect(store.nameDevice('x'.repeat(61))).rejects.toThrow("The device's name must be at most 60 characters.");
    expect(await store.device()).toEqual(renamed);
    store.close();
  });

  it('keeps the waiting check-ins, in the order made, after closing and reopening (a reload)', async () => {
    const name = freshName();
    const keys = await doorKeys();
    const list = await checkInList(keys, SESSION, [{ ticketId: t(0), name: 'Asha Rao' }]);
    const before = await openDoorStore(name);
    const identity = await before.nameDevice('North door');
    await before.saveList(list);
    const made: string[] = [];
    for (const n of [3, 1, 4, 0]) {
      made.push((await before.addCheckIn(checkIn(t(n)))).id);
    }
    await before.addCheckIn(checkIn(t(2), 8));
    before.close();

    const after = await openDoorStore(name);
    expect(await after.device()).toEqual(identity);
    const kept = await after.checkIns(SESSION);
    expect(kept.map((row) => row.id)).toEqual(made);
    expect(kept.map((row) => row.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    expect(kept.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(await after.session(SESSION)).toMatchObject({ list, lastSync: null });
    // The sequence goes on from where it was, not from 1.
    expect((await after.addCheckIn(checkIn(t(2)))).seq).toBe(6);
    after.close();
  });

  it('keeps the check-ins and the last sync when a newer list replaces the old one', async () => {
    const store = await openDoorStore(freshName());
    const keys = await doorKeys();
    await store.saveList(await checkInList(keys, SESSION, [{ ticketId: t(0), name: 'Asha Rao' }]));
    const made = await store.addCheckIn(checkIn(t(0)));
    const answer = { results: [], kept: [], conflicts: [], revoked: [t(1)], syncedAt: '2027-05-15T14:00:00Z' };
    await store.applySync(SESSION, answer);
    const newer = await checkInList(keys, SESSION, [
      { ticketId: t(0), name: 'Asha Rao' },
      { ticketId: t(2), name: 'Sita Rao' },
    ]);
    await store.saveList(newer);
    expect(await store.session(SESSION)).toMatchObject({ list: { tickets: newer.tickets }, lastSync: answer });
    expect((await store.checkIns(SESSION)).map((row) => row.id)).toEqual([made.id]);
    expect(await store.sessions()).toHaveLength(1);
    store.close();
  });

  it('stores each sync result: kept, a conflict with the kept check-in, a refusal with its reason', async () => {
    const store = await openDoorStore(freshName());
    await store.saveList(await checkInList(await doorKeys(), SESSION, []));
    const a = await store.addCheckIn(checkIn(t(0)));
    const b = await store.addCheckIn(checkIn(t(1)));
    const c = await store.addCheckIn(checkIn(t(2)));
    const d = await store.addCheckIn(checkIn(t(3)));
    const other = {
      id: crypto.randomUUID(),
      ticketId: t(1),
      deviceId: crypto.randomUUID(),
      deviceName: 'South door',
      scannedAt: '2027-05-15T14:00:00.000Z',
      receivedAt: '2027-05-15T14:00:01.000Z',
      method: 'search' as const,
      guardian: null,
    };
    await store.applySync(SESSION, {
      results: [
        { id: a.id, result: 'kept', kept: null },
        { id: b.id, result: 'conflict', kept: other },
        { id: c.id, result: 'guardian_required', kept: null },
      ],
      kept: [other],
      conflicts: [],
      revoked: [],
      syncedAt: '2027-05-15T14:00:02.000Z',
    });
    const rows = await store.checkIns(SESSION);
    expect(rows.map(({ state, refusal }) => [state, refusal])).toEqual([
      ['kept', null],
      ['conflict', null],
      ['refused', 'guardian_required'],
      ['waiting', null],
    ]);
    expect(rows[1]?.kept).toEqual(other);
    expect(rows[3]?.id).toBe(d.id);
    expect((await store.session(SESSION))?.lastSync?.kept).toEqual([other]);
    store.close();
  });

  it('clears one session and leaves the others', async () => {
    const store = await openDoorStore(freshName());
    const keys = await doorKeys();
    await store.saveList(await checkInList(keys, SESSION, []));
    await store.saveList(await checkInList(keys, 8, []));
    await store.addCheckIn(checkIn(t(0)));
    const stays = await store.addCheckIn(checkIn(t(1), 8));
    await store.clearSession(SESSION);
    expect(await store.session(SESSION)).toBeUndefined();
    expect(await store.checkIns(SESSION)).toEqual([]);
    expect(await store.checkIns(8)).toEqual([stays]);
    expect((await store.sessions()).map((session) => session.list.session.id)).toEqual([8]);
    store.close();
  });
});
