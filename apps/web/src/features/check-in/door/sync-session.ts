/** Sends a session's waiting check-ins in order and stores the answer. Placeholder: the door-data engineer writes it. */
import type { DoorStore } from './door-types';

export type SyncOutcome =
  | { ok: true; sent: number }
  | { ok: false; reason: 'offline' | 'signed-out' | 'forbidden' | 'error'; message: string };

export async function syncSession(_store: DoorStore, _sessionId: number): Promise<SyncOutcome> {
  return { ok: false, reason: 'error', message: 'not built yet' };
}
