/**
 * The door app's data, as the screens use it. The store (door-store.ts) keeps it in IndexedDB, the
 * verifier (answer-scan.ts) answers a scan or a search from it offline, and the sync (sync-session.ts)
 * sends the waiting check-ins and stores the server's answer. Rules: decision 0039.
 */
import type { CheckInList, CheckInTicket } from '@store/shared/check-in-list';
import type { CheckInResult, CheckInSyncResponse, DeviceCheckIn, RecordedCheckIn } from '@store/shared/check-in-sync';

/** This device: a uuid made once, and the name the volunteer gave it. */
export type DeviceIdentity = { deviceId: string; deviceName: string };

/** Where a check-in made on this device stands. */
export type CheckInState = 'waiting' | 'kept' | 'conflict' | 'refused';

/** A check-in made on this device, written before the screen says "Checked in". */
export type LocalCheckIn = DeviceCheckIn & {
  sessionId: number;
  /** Order of making on this device: the sync sends in this order. */
  seq: number;
  state: CheckInState;
  /** For 'refused': why (revoked, not_this_session, unknown_ticket, guardian_required). */
  refusal: Exclude<CheckInResult, 'kept' | 'conflict'> | null;
  /** For 'conflict': the check-in the server kept (another device's). */
  kept: RecordedCheckIn | null;
};

/** A session on this device: its downloaded list and the last sync's answer. */
export type StoredSession = {
  list: CheckInList;
  /** When the list was downloaded on this device (ISO). */
  downloadedAt: string;
  lastSync: CheckInSyncResponse | null;
};

export interface DoorStore {
  device(): Promise<DeviceIdentity | undefined>;
  /** Names this device (a uuid is made the first time; renaming keeps it). */
  nameDevice(name: string): Promise<DeviceIdentity>;
  /** Keeps a downloaded list (a newer download replaces the list and keeps the check-ins). */
  saveList(list: CheckInList): Promise<void>;
  session(sessionId: number): Promise<StoredSession | undefined>;
  sessions(): Promise<StoredSession[]>;
  /** Writes a new check-in as 'waiting' with the next seq; resolves once it is durable. */
  addCheckIn(checkIn: Omit<LocalCheckIn, 'seq' | 'state' | 'refusal' | 'kept'>): Promise<LocalCheckIn>;
  /** This device's check-ins of a session, in the order made. */
  checkIns(sessionId: number): Promise<LocalCheckIn[]>;
  /** Stores a sync's answer: each sent check-in's result, and the session's kept, conflicts, revoked. */
  applySync(sessionId: number, answer: CheckInSyncResponse): Promise<void>;
  /** Removes a session's list and check-ins from this device (after the event). */
  clearSession(sessionId: number): Promise<void>;
  close(): void;
}

/** What the door says about a scanned code or a searched ticket. */
export type DoorAnswer =
  | { outcome: 'valid'; ticketId: string; ticket: CheckInTicket | null }
  | {
      outcome: 'already';
      ticketId: string;
      ticket: CheckInTicket | null;
      /** When and where it was checked in (this device or another's, from the last sync). */
      at: string;
      deviceName: string;
    }
  | { outcome: 'revoked'; ticketId: string; ticket: CheckInTicket | null }
  | { outcome: 'other-session'; ticketId: string; sessionId: number }
  | { outcome: 'forged' };
