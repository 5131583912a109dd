/**
 * One session at this door: the list's age and size, how many are in, the sync, Scan or Search,
 * the answer, the conflicts and what the office refused. A scan is verified on the device, and a
 * valid adult is checked in (on the device, durably) before the answer says so.
 */
import type { CheckInTicket } from '@store/shared/check-in-list';
import type { CheckInMethod, Guardian } from '@store/shared/check-in-sync';
import { useCallback, useMemo, useRef, useState } from 'react';
import { AnswerScreen, type ShownAnswer } from './answer-screen';
import { ConflictsList } from './conflicts-list';
import { answerScan, answerTicket } from './door/answer-scan';
import type { DeviceIdentity, DoorAnswer, DoorStore, LocalCheckIn, StoredSession } from './door/door-types';
import { doorTexts } from './door-texts';
import { QrScanner } from './scanner/qr-scanner';
import { SearchPanel } from './search-panel';
import { SyncBar } from './sync-bar';
import { useDoorSession } from './use-door-session';

/** After "Scan next", the code just answered is not answered again for this long (a ticket still held up). */
const SAME_CODE_PAUSE_MS = 3000;

type Props = { store: DoorStore; sessionId: number; device: DeviceIdentity; onLeave: () => void };

function timeFormatter(timeZone: string | undefined) {
  const format = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone });
  return (iso: string) => format.format(new Date(iso));
}

function dateTimeFormatter(timeZone: string | undefined) {
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (iso: string) => format.format(new Date(iso));
}

/** Tickets of the list checked in by any door the device knows of (its own, or the last sync's). */
function checkedInCount(session: StoredSession, mine: LocalCheckIn[]): number {
  const live = new Set(session.list.tickets.map((ticket) => ticket.ticketId));
  const inside = new Set<string>();
  for (const row of session.lastSync?.kept ?? []) if (live.has(row.ticketId)) inside.add(row.ticketId);
  for (const row of mine)
    if ((row.state === 'waiting' || row.state === 'kept') && live.has(row.ticketId)) inside.add(row.ticketId);
  return inside.size;
}

export function SessionView({ store, sessionId, device, onLeave }: Props) {
  const door = useDoorSession(store, sessionId);
  // The camera starts when the volunteer asks for it: the browser asks for the camera after a tap,
  // and a phone left on the table is not filming the hall.
  const [mode, setMode] = useState<'scan' | 'search' | null>(null);
  const [shown, setShown] = useState<ShownAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lastCode = useRef<{ code: string; until: number } | null>(null);
  const busy = useRef(false);
  const { session, mine } = door;
  const zone = session?.list.session.timeZone;
  const formatTime = useMemo(() => timeFormatter(zone), [zone]);
  const formatDateTime = useMemo(() => dateTimeFormatter(zone), [zone]);

  /** Shows an answer; a valid adult's (or an unknown ticket's) check-in is recorded first. */
  const show = useCallback(
    async (answer: DoorAnswer, method: CheckInMethod) => {
      const from = method;
      if (answer.outcome === 'valid' && answer.ticket?.minor !== true) {
        await door.checkIn(answer.ticketId, method, null);
        setShown({ answer, checkedIn: true, from });
      } else setShown({ answer, checkedIn: false, from });
    },
    [door.checkIn],
  );

  const onCode = useCallback(
    async (code: string) => {
      if (!session || busy.current || shown) return;
      const last = lastCode.current;
      if (last && last.code === code && Date.now() < last.until) return;
      busy.current = true;
      try {
        lastCode.current = { code, until: Number.POSITIVE_INFINITY };
        setFailure(null);
        await show(await answerScan(code, session, mine, device.deviceName), 'scan');
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      } finally {
        busy.current = false;
      }
    },
    [session, mine, device.deviceName, shown, show],
  );

  const onPick = useCallback(
    async (ticket: CheckInTicket) => {
      if (!session) return;
      await show(answerTicket(ticket.ticketId, session, mine, device.deviceName), 'search');
    },
    [session, mine, device.deviceName, show],
  );

  const onGuardian = useCallback(
    async (guardian: Guardian) => {
      if (shown?.answer.outcome !== 'valid') return;
      await door.checkIn(shown.answer.ticketId, shown.from, guardian);
      setShown({ ...shown, checkedIn: true });
    },
    [shown, door.checkIn],
  );

  const onNext = useCallback(() => {
    if (lastCode.current) lastCode.current = { ...lastCode.current, until: Date.now() + SAME_CODE_PAUSE_MS };
    setShown(null);
  }, []);

  if (!door.loaded) return <p role="status">{doorTexts.checking}</p>;
  if (!session) {
    return (
      <div className="door-panel">
        <p role="alert">{doorTexts.offlineNoSessions}</p>
        <button type="button" className="door-button" onClick={onLeave}>
          {doorTexts.otherSessions}
        </button>
      </div>
    );
  }

  const { list } = session;
  const waiting = mine.filter((row) => row.state === 'waiting').length;
  const refused = mine.filter((row) => row.state === 'refused');
  const nameOf = (ticketId: string) => list.tickets.find((ticket) => ticket.ticketId === ticketId)?.name ?? ticketId;

  const remove = async () => {
    if (waiting > 0) {
      setFailure(doorTexts.removeBlocked);
      return;
    }
    if (!window.confirm(doorTexts.removeConfirm)) return;
    await store.clearSession(sessionId);
    onLeave();
  };

  return (
    <div className="door-session">
      <header className="door-session__head">
        <h2>{doorTexts.sessionHeading(list.session.centerName, list.session.hall)}</h2>
        <p>{doorTexts.listTaken(formatDateTime(session.downloadedAt), list.tickets.length)}</p>
        <p className="door-session__count">
          {doorTexts.checkedInOf(checkedInCount(session, mine), list.tickets.length)}
        </p>
      </header>
      <SyncBar
        waiting={waiting}
        online={door.online}
        syncing={door.syncing}
        error={door.syncError}
        lastSyncedAt={session.lastSync?.syncedAt ?? null}
        formatTime={formatTime}
        onSync={() => void door.sync()}
      />
      {failure ? (
        <p className="door-failure" role="alert">
          {failure}
        </p>
      ) : null}
      <fieldset className="door-modes">
        <legend className="visually-hidden">How to check in</legend>
        <button type="button" className="door-mode" aria-pressed={mode === 'scan'} onClick={() => setMode('scan')}>
          {doorTexts.scan}
        </button>
        <button type="button" className="door-mode" aria-pressed={mode === 'search'} onClick={() => setMode('search')}>
          {doorTexts.search}
        </button>
      </fieldset>
      {shown ? (
        <AnswerScreen
          shown={shown}
          formatTime={formatTime}
          onGuardian={(guardian) => void onGuardian(guardian)}
          onNext={onNext}
        />
      ) : null}
      {mode === 'scan' ? <QrScanner onCode={(code) => void onCode(code)} paused={shown !== null} /> : null}
      {mode === 'search' ? <SearchPanel session={session} onPick={(ticket) => void onPick(ticket)} /> : null}
      <ConflictsList conflicts={session.lastSync?.conflicts ?? []} formatTime={formatTime} />
      {refused.length > 0 ? (
        <section className="door-refused">
          <h2>{doorTexts.refusedHeading}</h2>
          <ul>
            {refused.map((row) => (
              <li key={row.id}>{doorTexts.refused(nameOf(row.ticketId), row.refusal ?? 'unknown_ticket')}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <footer className="door-session__foot">
        <p>{doorTexts.deviceLine(device.deviceName)}</p>
        <button type="button" className="door-button door-button--quiet" onClick={onLeave}>
          {doorTexts.otherSessions}
        </button>
        <button type="button" className="door-button door-button--quiet" onClick={() => void remove()}>
          {doorTexts.remove}
        </button>
      </footer>
    </div>
  );
}
