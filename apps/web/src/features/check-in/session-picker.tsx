/**
 * The sessions this staff member may open, to download their lists (online), and the sessions
 * already on this device, which open without network.
 */

import { formatSessionStart } from '@store/shared/session-time';
import type { StaffEventSession } from '@store/shared/staff-event-sessions';
import { useEffect, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import type { DoorStore, StoredSession } from './door/door-types';
import { downloadList } from './door/download-list';
import { keepStorage } from './door/keep-storage';
import { listSessions } from './door/list-sessions';
import { doorTexts } from './door-texts';

type Props = { store: DoorStore; online: boolean; onOpen: (sessionId: number) => void };

type Remote =
  | { status: 'loading' }
  | { status: 'ready'; sessions: StaffEventSession[] }
  | { status: 'error'; message: string };

function messageOf(error: unknown): string {
  return error instanceof ApiClientError || error instanceof Error ? error.message : String(error);
}

export function SessionPicker({ store, online, onOpen }: Props) {
  const [stored, setStored] = useState<StoredSession[]>([]);
  const [remote, setRemote] = useState<Remote>({ status: 'loading' });
  const [downloading, setDownloading] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    void store.sessions().then(setStored);
  }, [store]);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setRemote({ status: 'loading' });
    listSessions(controller.signal).then(
      (sessions) => setRemote({ status: 'ready', sessions }),
      (error: unknown) => {
        if (!controller.signal.aborted) setRemote({ status: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [online]);

  const download = async (sessionId: number) => {
    setDownloading(sessionId);
    setFailure(null);
    try {
      const list = await downloadList(sessionId);
      await store.saveList(list);
      void keepStorage();
      onOpen(sessionId);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="door-picker">
      {stored.length > 0 ? (
        <section>
          <h2>{doorTexts.onDevice}</h2>
          <ul className="door-list">
            {stored.map(({ list }) => (
              <li key={list.session.id}>
                <button type="button" className="door-button door-button--go" onClick={() => onOpen(list.session.id)}>
                  {doorTexts.open(list.session.centerName, list.session.hall)}
                </button>
                <p className="door-hint">{formatSessionStart(list.session.startsAt, list.session.timeZone, 'short')}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h2>{doorTexts.sessionsHeading}</h2>
        {!online ? (
          <p className="door-hint">{stored.length === 0 ? doorTexts.offlineNoSessions : doorTexts.offline}</p>
        ) : null}
        {online && remote.status === 'loading' ? <p role="status">{doorTexts.sessionsLoading}</p> : null}
        {online && remote.status === 'error' ? (
          <p className="door-failure" role="alert">
            {remote.message}
          </p>
        ) : null}
        {online && remote.status === 'ready' && remote.sessions.length === 0 ? (
          <p className="door-hint">{doorTexts.noSessions}</p>
        ) : null}
        {failure ? (
          <p className="door-failure" role="alert">
            {failure}
          </p>
        ) : null}
        {online && remote.status === 'ready' ? (
          <ul className="door-list">
            {remote.sessions.map((session) => (
              <li key={session.id}>
                <p className="door-list__title">
                  {session.centerName} · {session.hall}
                </p>
                <p className="door-hint">{formatSessionStart(session.startsAt, session.timeZone, 'short')}</p>
                <button
                  type="button"
                  className="door-button"
                  aria-label={doorTexts.download(session.centerName, session.hall)}
                  disabled={downloading !== null}
                  onClick={() => void download(session.id)}
                >
                  {downloading === session.id
                    ? doorTexts.downloading
                    : doorTexts.download(session.centerName, session.hall)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
