/**
 * The door's offline store in IndexedDB (idb): this device's identity, each opened session's list
 * and last sync answer, and every check-in made here. A check-in is written in one transaction with
 * the device's sequence counter and the call resolves only when that transaction has completed, so
 * a check-in the screen confirmed survives a reload or a dead battery, and the sync sends them in
 * the order they were made.
 */
import type { CheckInList } from '@store/shared/check-in-list';
import { type CheckInSyncResponse, deviceNameSchema } from '@store/shared/check-in-sync';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DeviceIdentity, DoorStore, LocalCheckIn, StoredSession } from './door-types';

type StoredSessionRow = StoredSession & { sessionId: number };

interface DoorDb extends DBSchema {
  /** 'device': the identity; 'seq': the last check-in number given on this device. */
  meta: { key: 'device' | 'seq'; value: DeviceIdentity | number };
  sessions: { key: number; value: StoredSessionRow };
  checkIns: {
    key: string;
    value: LocalCheckIn;
    indexes: { bySessionSeq: [number, number] };
  };
}

const VERSION = 1;

/**
 * Writes the volunteer relies on (a check-in, a sync's answer, a list) are flushed to disk before
 * they count as done. The browsers' default ('relaxed', Chromium's since version 121) completes a
 * transaction while the change still sits in the operating system's buffer, which a phone switched
 * off by a dead battery would lose. Costs a few milliseconds a check-in.
 */
const ON_DISK: IDBTransactionOptions = { durability: 'strict' };

function isIdentity(value: DeviceIdentity | number | undefined): value is DeviceIdentity {
  return typeof value === 'object';
}

function withoutKey({ sessionId: _sessionId, ...session }: StoredSessionRow): StoredSession {
  return session;
}

export async function openDoorStore(databaseName = 'check-in'): Promise<DoorStore> {
  const db: IDBPDatabase<DoorDb> = await openDB<DoorDb>(databaseName, VERSION, {
    upgrade(database) {
      database.createObjectStore('meta');
      database.createObjectStore('sessions', { keyPath: 'sessionId' });
      const checkIns = database.createObjectStore('checkIns', { keyPath: 'id' });
      checkIns.createIndex('bySessionSeq', ['sessionId', 'seq'], { unique: true });
    },
  });

  async function device(): Promise<DeviceIdentity | undefined> {
    const value = await db.get('meta', 'device');
    return isIdentity(value) ? value : undefined;
  }

  async function nameDevice(name: string): Promise<DeviceIdentity> {
    // The server refuses a sync whose device name breaks this rule: refuse it here, before any check-in.
    const parsed = deviceNameSchema.safeParse(name);
    if (!parsed.success) throw new RangeError(`The device's name ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
    const tx = db.transaction('meta', 'readwrite');
    const current = await tx.store.get('device');
    const identity: DeviceIdentity = {
      deviceId: isIdentity(current) ? current.deviceId : crypto.randomUUID(),
      deviceName: parsed.data,
    };
    await tx.store.put(identity, 'device');
    await tx.done;
    return identity;
  }

  async function saveList(list: CheckInList): Promise<void> {
    const tx = db.transaction('sessions', 'readwrite', ON_DISK);
    const current = await tx.store.get(list.session.id);
    await tx.store.put({
      sessionId: list.session.id,
      list,
      downloadedAt: new Date().toISOString(),
      lastSync: current?.lastSync ?? null,
    });
    await tx.done;
  }

  async function session(sessionId: number): Promise<StoredSession | undefined> {
    const row = await db.get('sessions', sessionId);
    return row && withoutKey(row);
  }

  async function sessions(): Promise<StoredSession[]> {
    return (await db.getAll('sessions')).map(withoutKey);
  }

  async function addCheckIn(checkIn: Omit<LocalCheckIn, 'seq' | 'state' | 'refusal' | 'kept'>): Promise<LocalCheckIn> {
    const tx = db.transaction(['meta', 'checkIns'], 'readwrite', ON_DISK);
    const meta = tx.objectStore('meta');
    const last = await meta.get('seq');
    const seq = (typeof last === 'number' ? last : 0) + 1;
    const stored: LocalCheckIn = { ...checkIn, seq, state: 'waiting', refusal: null, kept: null };
    await meta.put(seq, 'seq');
    await tx.objectStore('checkIns').add(stored);
    // Resolving after `done`, not after the put: only a completed transaction is on disk.
    await tx.done;
    return stored;
  }

  function sessionRange(sessionId: number): IDBKeyRange {
    return IDBKeyRange.bound([sessionId, Number.NEGATIVE_INFINITY], [sessionId, Number.POSITIVE_INFINITY]);
  }

  async function checkIns(sessionId: number): Promise<LocalCheckIn[]> {
    return db.getAllFromIndex('checkIns', 'bySessionSeq', sessionRange(sessionId));
  }

  async function applySync(sessionId: number, answer: CheckInSyncResponse): Promise<void> {
    const tx = db.transaction(['sessions', 'checkIns'], 'readwrite', ON_DISK);
    const store = tx.objectStore('checkIns');
    for (const { id, result, kept } of answer.results) {
      const current = await store.get(id);
      if (!current || current.sessionId !== sessionId) continue;
      if (result === 'kept') await store.put({ ...current, state: 'kept', refusal: null, kept: null });
      else if (result === 'conflict') await store.put({ ...current, state: 'conflict', refusal: null, kept });
      else await store.put({ ...current, state: 'refused', refusal: result, kept: null });
    }
    const sessionStore = tx.objectStore('sessions');
    const row = await sessionStore.get(sessionId);
    if (row) await sessionStore.put({ ...row, lastSync: answer });
    await tx.done;
  }

  async function clearSession(sessionId: number): Promise<void> {
    const tx = db.transaction(['sessions', 'checkIns'], 'readwrite');
    await tx.objectStore('sessions').delete(sessionId);
    const ids = await tx.objectStore('checkIns').index('bySessionSeq').getAllKeys(sessionRange(sessionId));
    for (const id of ids) await tx.objectStore('checkIns').delete(id);
    await tx.done;
  }

  return {
    device,
    nameDevice,
    saveList,
    session,
    sessions,
    addCheckIn,
    checkIns,
    applySync,
    clearSession,
    close: () => db.close(),
  };
}
