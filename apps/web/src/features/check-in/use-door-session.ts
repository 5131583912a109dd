/**
 * One session at this door: its stored list and last sync, this device's check-ins, and the sync,
 * which runs when the network returns, after each check-in made online, every 20 seconds while
 * online and visible, and on "Sync now". Everything shown is read back from the store, so what the
 * screen says is what a reload would say.
 */
import type { CheckInMethod, Guardian } from '@store/shared/check-in-sync';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DoorStore, LocalCheckIn, StoredSession } from './door/door-types';
import { syncSession } from './door/sync-session';
import { useOnline } from './door/use-online';

const SYNC_EVERY_MS = 20_000;

export type DoorSessionState = {
  session: StoredSession | undefined;
  mine: LocalCheckIn[];
  online: boolean;
  syncing: boolean;
  syncError: string | null;
  loaded: boolean;
};

export function useDoorSession(store: DoorStore, sessionId: number) {
  const online = useOnline();
  const [state, setState] = useState<Omit<DoorSessionState, 'online'>>({
    session: undefined,
    mine: [],
    syncing: false,
    syncError: null,
    loaded: false,
  });
  const alive = useRef(true);

  const reload = useCallback(async () => {
    const [session, mine] = await Promise.all([store.session(sessionId), store.checkIns(sessionId)]);
    if (alive.current) setState((before) => ({ ...before, session, mine, loaded: true }));
  }, [store, sessionId]);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    setState((before) => ({ ...before, syncing: true }));
    const outcome = await syncSession(store, sessionId);
    if (!alive.current) return;
    setState((before) => ({
      ...before,
      syncing: false,
      syncError: outcome.ok || outcome.reason === 'offline' ? null : outcome.message,
    }));
    await reload();
  }, [store, sessionId, reload]);

  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);

  // The network back, and then every 20 s while the page is seen.
  useEffect(() => {
    if (!online) return;
    void sync();
    const timer = setInterval(() => {
      if (!document.hidden) void sync();
    }, SYNC_EVERY_MS);
    return () => clearInterval(timer);
  }, [online, sync]);

  /** Records a check-in durably, then (online) sends it at once. Resolves once it is on the device. */
  const checkIn = useCallback(
    async (ticketId: string, method: CheckInMethod, guardian: Guardian | null) => {
      await store.addCheckIn({
        id: crypto.randomUUID(),
        ticketId,
        sessionId,
        scannedAt: new Date().toISOString(),
        method,
        guardian,
      });
      await reload();
      if (navigator.onLine) void sync();
    },
    [store, sessionId, reload, sync],
  );

  return { ...state, online, reload, sync, checkIn };
}
