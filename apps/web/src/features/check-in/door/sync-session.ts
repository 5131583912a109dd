/**
 * Sends a session's waiting check-ins in the order they were made, in turns of at most
 * MAX_CHECK_INS_PER_SYNC, and stores each turn's answer before sending the next. A turn whose
 * answer never arrives changes nothing here: its check-ins stay waiting and go again with the same
 * ids, which the server answers as it did the first time. With nothing waiting, one empty turn
 * still reads what the other devices did. A sync asked for while one of the same session is under
 * way (the 20-second timer, the network returning and "Sync now" together) joins it.
 */
import {
  type CheckInSyncRequest,
  type CheckInSyncResponse,
  checkInSyncResponseSchema,
  MAX_CHECK_INS_PER_SYNC,
} from '@store/shared/check-in-sync';
import { ApiClientError, sendJson } from '#src/lib/api-client';
import type { DoorStore, LocalCheckIn } from './door-types';

export type SyncOutcome =
  | { ok: true; sent: number }
  | { ok: false; reason: 'offline' | 'signed-out' | 'forbidden' | 'error'; message: string };

export function syncPath(sessionId: number): string {
  return `/api/staff/sessions/${sessionId}/check-ins/sync`;
}

function turns(waiting: LocalCheckIn[]): LocalCheckIn[][] {
  if (waiting.length === 0) return [[]];
  const result: LocalCheckIn[][] = [];
  for (let start = 0; start < waiting.length; start += MAX_CHECK_INS_PER_SYNC)
    result.push(waiting.slice(start, start + MAX_CHECK_INS_PER_SYNC));
  return result;
}

function failure(error: unknown): SyncOutcome & { ok: false } {
  if (!(error instanceof ApiClientError)) {
    return { ok: false, reason: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  // No status: the request never got an answer (no network, the server out of reach).
  if (error.status === undefined) return { ok: false, reason: 'offline', message: error.message };
  if (error.status === 401) return { ok: false, reason: 'signed-out', message: 'Sign in to the back office first.' };
  if (error.status === 403) return { ok: false, reason: 'forbidden', message: error.message };
  return { ok: false, reason: 'error', message: error.message };
}

const underWay = new WeakMap<DoorStore, Map<number, Promise<SyncOutcome>>>();

export function syncSession(store: DoorStore, sessionId: number): Promise<SyncOutcome> {
  let running = underWay.get(store);
  if (!running) {
    running = new Map();
    underWay.set(store, running);
  }
  const current = running.get(sessionId);
  if (current) return current;
  const sync = sendWaiting(store, sessionId).finally(() => running.delete(sessionId));
  running.set(sessionId, sync);
  return sync;
}

async function sendWaiting(store: DoorStore, sessionId: number): Promise<SyncOutcome> {
  const device = await store.device();
  if (!device) return { ok: false, reason: 'error', message: 'Name this device before syncing.' };
  const waiting = (await store.checkIns(sessionId)).filter((checkIn) => checkIn.state === 'waiting');
  let sent = 0;
  for (const turn of turns(waiting)) {
    const request: CheckInSyncRequest = {
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      checkIns: turn.map(({ id, ticketId, scannedAt, method, guardian }) => ({
        id,
        ticketId,
        scannedAt,
        method,
        guardian,
      })),
    };
    let answer: CheckInSyncResponse;
    try {
      answer = await sendJson(syncPath(sessionId), request, async () => checkInSyncResponseSchema, {
        credentials: 'same-origin',
      });
    } catch (error) {
      return failure(error);
    }
    await store.applySync(sessionId, answer);
    sent += turn.length;
  }
  return { ok: true, sent };
}
