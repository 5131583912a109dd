import 'fake-indexeddb/auto';
import { MAX_CHECK_INS_PER_SYNC } from '@store/shared/check-in-sync';
import { describe, expect, it } from 'vitest';
import { checkInList, doorKeys, ticketIdStartingWith } from '#src/test/check-in-list-fixture';
import { stubSyncServer } from '#src/test/check-in-sync-fixture';
import { openDoorStore } from './door-store';
import type { DoorStore } from './door-types';
import { syncSession } from './sync-session';

const SESSION = 7;
const t = (n: number) => ticketIdStartingWith('5a5a5a5a', n);

async function door(deviceName: string): Promise<DoorStore> {
  const store = await openDoorStore(`check-in-${crypto.randomUUID()}`);
  await store.nameDevice(deviceName);
  await store.saveList(await checkInList(await doorKeys(), SESSION, []));
  return store;
}

async function checkInTickets(store: DoorStore, ns: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const n of ns) {
    const made = await store.addCheckIn({
      id: crypto.randomUUID(),
      ticketId: t(n),
      sessionId: SESSION,
      scannedAt: new Date().toISOString(),
      method: 'scan',
      guardian: null,
    });
    ids.push(made.id);
  }
  return ids;
}

const states = async (store: DoorStore) => (await store.checkIns(SESSION)).map((row) => row.state);

describe('syncSession', () => {
  it('sends the waiting check-ins in the order made, and marks them kept', async () => {
    const server = stubSyncServer(SESSION);
    const store = await door('North door');
    const ids = await checkInTickets(store, [4, 2, 9]);
    expect(await syncSession(store, SESSION)).toEqual({ ok: true, sent: 3 });
    expect(server.requests.map((request) => request.ids)).toEqual([ids]);
    expect(await states(store)).toEqual(['kept', 'kept', 'kept']);
    // Nothing waiting: the next sync sends nothing and still reads the session's check-ins.
    expect(await syncSession(store, SESSION)).toEqual({ ok: true, sent: 0 });
    expect(server.requests[1]?.ids).toEqual([]);
    expect((await store.session(SESSION))?.lastSync?.kept.map((row) => row.id)).toEqual(ids);
    store.close();
  });

  it(`sends more than ${MAX_CHECK_INS_PER_SYNC} in turns, in order`, async () => {
    const server = stubSyncServer(SESSION);
    const store = await door('North door');
    const count = MAX_CHECK_INS_PER_SYNC * 2 + 3;
    const ids = await checkInTickets(
      store,
      Array.from({ length: count }, (_, n) => n),
    );
    expect(await syncSession(store, SESSION)).toEqual({ ok: true, sent: count });
    expect(server.requests.map((request) => request.ids.length)).toEqual([500, 500, 3]);
    expect(server.requests.flatMap((request) => request.ids)).toEqual(ids);
    expect(new Set(await states(store))).toEqual(new Set(['kept']));
    store.close();
  });

  it('changes nothing when offline, and sends the same check-ins when the network returns', async () => {
    const server = stubSyncServer(SESSION);
    const store = await door('North door');
    const ids = await checkInTickets(store, [1, 2]);
    server.failNext('offline');
    expect(await syncSession(store, SESSION)).toMatchObject({ ok: false, reason: 'offline' });
    expect(server.requests).toEqual([]);
    expect(await states(store)).toEqual(['waiting', 'waiting']);
    expect((await store.session(SESSION))?.lastSync).toBeNull();
    expect(await syncSession(store, SESSION)).toEqual({ ok: true, sent: 2 });
    expect(server.requests.map((request) => request.ids)).toEqual([ids]);
    store.close();
  });

  it('resends after a lost reply and the server counts each check-in once', async () => {
    const server = stubSyncServer(SESSION);
    const store = await door('North door');
    const ids = await checkInTickets(store, [1, 2, 3]);
    server.failNext('lost-reply');
    expect(await syncSession(store, SESSION)).toMatchObject({ ok: false, reason: 'offline' });
    expect(await states(store)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(await syncSession(store, SESSION)).toEqual({ ok: true, sent: 3 });
    expect(server.requests.map((request) => request.ids)).toEqual([ids, ids]);
    expect(await states(store)).toEqual(['kept', 'kept', 'kept']);
    expect([...server.kept.values()].map((row) => row.id)).toEqual(ids);
    expect(server.conflicts).toEqual([]);
    store.close();
  });

  it('stores a conflict with the check-in kept from the other device, and both devices see it', async () => {
    stubSyncServer(SESSION);
    const north = await door('North door');
    const south = await door('South door');
    const [northId] = await checkInTickets(north, [1]);
    const [southId] = await checkInTickets(south, [1]);
    expect(await syncSession(south, SESSION)).toEqual({ ok: true, sent: 1 });
    expect(await syncSession(north, SESSION)).toEqual({ ok: true, sent: 1 });
    const [mine] = await north.checkIns(SESSION);
    expect(mine).toMatchObject({ id: northId, state: 'conflict', kept: { id: southId, deviceName: 'South door' } });
    expect(await states(south)).toEqual(['kept']);
    // South reads the conflict on its next sync.
    await syncSession(south, SESSION);
    const conflicts = (await south.session(SESSION))?.lastSync?.conflicts ?? [];
    expect(conflicts.map((c) => [c.kept.deviceName, c.conflicting.deviceName])).toEqual([['South door', 'North door']]);
    north.close();
    south.close();
  });

  it('joins a sync asked for while one is under way instead of sending twice', async () => {
    const server = stubSyncServer(SESSION);
    const store = await door('North door');
    await checkInTickets(store, [1, 2]);
    const [first, second] = await Promise.all([syncSession(store, SESSION), syncSession(store, SESSION)]);
    expect(first).toEqual({ ok: true, sent: 2 });
    expect(second).toEqual(first);
    expect(server.requests).toHaveLength(1);
    // Once it has finished, the next one sends again.
    await syncSession(store, SESSION);
    expect(server.requests).toHaveLength(2);
    store.close();
  });

  it('says signed out on 401, forbidden on 403 with the server message, and keeps the check-ins waiting', async () => {
    const server = stubSyncServer(SESSION);
    const store = await door('North door');
    await checkInTickets(store, [1]);
    server.failNext(401);
    expect(await syncSession(store, SESSION)).toEqual({
      ok: false,
      reason: 'signed-out',
      message: 'Sign in to the back office first.',
    });
    server.failNext(403);
    expect(await syncSession(store, SESSION)).toEqual({ ok: false, reason: 'forbidden', message: 'Refused 403' });
    server.failNext(500);
    expect(await syncSession(store, SESSION)).toEqual({ ok: false, reason: 'error', message: 'Refused 500' });
    expect(await states(store)).toEqual(['waiting']);
    store.close();
  });
});
