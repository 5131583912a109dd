/**
 * The door's server in a test: a sync route stubbed on fetch that keeps what the contract says
 * (check-in-sync.ts): the first check-in received for a ticket is kept, a later one is a conflict
 * naming it, a replay answers as the first time. Lists and signed codes: check-in-list-fixture.ts.
 */
import {
  type CheckInSyncResponse,
  type CheckInSyncResult,
  checkInSyncRequestSchema,
  checkInSyncResponseSchema,
  type RecordedCheckIn,
} from '@store/shared/check-in-sync';
import { vi } from 'vitest';
import { jsonResponse } from './render-app';

type SyncServerOptions = { revoked?: string[] };

/**
 * A server for the sync route of one session, stubbed on fetch. `failNext(how)` makes the next
 * request fail: 'offline' before the server sees it, 'lost-reply' after it stored the check-ins
 * (the answer never reaches the device), or an HTTP status.
 */
export function stubSyncServer(sessionId: number, { revoked = [] }: SyncServerOptions = {}) {
  const path = `/api/staff/sessions/${sessionId}/check-ins/sync`;
  const kept = new Map<string, RecordedCheckIn>();
  const answered = new Map<string, CheckInSyncResult>();
  const conflicts: CheckInSyncResponse['conflicts'] = [];
  const requests: { deviceId: string; ids: string[] }[] = [];
  let failure: 'offline' | 'lost-reply' | number | undefined;
  let clock = Date.parse('2027-05-15T14:00:00.000Z');

  function receive(body: unknown): CheckInSyncResponse {
    const request = checkInSyncRequestSchema.parse(body);
    requests.push({ deviceId: request.deviceId, ids: request.checkIns.map((checkIn) => checkIn.id) });
    const results = request.checkIns.map((checkIn): CheckInSyncResult => {
      const before = answered.get(checkIn.id);
      if (before) return before;
      clock += 1000;
      const recorded: RecordedCheckIn = {
        ...checkIn,
        deviceId: request.deviceId,
        deviceName: request.deviceName,
        receivedAt: new Date(clock).toISOString(),
      };
      const first = kept.get(checkIn.ticketId);
      let result: CheckInSyncResult;
      if (revoked.includes(checkIn.ticketId)) result = { id: checkIn.id, result: 'revoked', kept: null };
      else if (first) {
        conflicts.push({ ticketId: checkIn.ticketId, name: checkIn.ticketId, kept: first, conflicting: recorded });
        result = { id: checkIn.id, result: 'conflict', kept: first };
      } else {
        kept.set(checkIn.ticketId, recorded);
        result = { id: checkIn.id, result: 'kept', kept: null };
      }
      answered.set(checkIn.id, result);
      return result;
    });
    return checkInSyncResponseSchema.parse({
      results,
      kept: [...kept.values()],
      conflicts,
      revoked,
      syncedAt: new Date(clock).toISOString(),
    });
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (init?.method !== 'POST' || url.pathname !== path)
      return jsonResponse({ error: { code: 'not_found', message: `No stub for ${url.pathname}` } }, 404);
    const now = failure;
    failure = undefined;
    if (now === 'offline') throw new TypeError('Failed to fetch');
    if (typeof now === 'number') return jsonResponse({ error: { code: 'refused', message: `Refused ${now}` } }, now);
    const answer = receive(JSON.parse(String(init.body)));
    if (now === 'lost-reply') throw new TypeError('Failed to fetch');
    return jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    /** Each request the server received: the device and the check-in ids, in order. */
    requests,
    /** The check-in kept for each ticket. */
    kept,
    conflicts,
    failNext(how: 'offline' | 'lost-reply' | number) {
      failure = how;
    },
  };
}
