/**
 * "Check-in at the door" on a session's page: checked in of registered, each door's device and its
 * last sync, the conflicts, and who has not arrived with the phone to call (a child's parents').
 * Refreshed every 30 seconds while the page is seen, and by "Refresh". Shown to the roles that work
 * the doors (owners, treasurers, volunteers).
 */
import { type CheckInCounts, checkInCountsSchema } from '@store/shared/check-in-sync';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { staffGet } from '../staff-request';
import { useStaffFailure } from '../use-staff-failure';

const REFRESH_EVERY_MS = 30_000;

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; counts: CheckInCounts };

function Phone({ number }: { number: string | null }) {
  return number ? <a href={`tel:${number}`}>{number}</a> : null;
}

export function DoorCountsPanel({ sessionId, timeZone }: { sessionId: number; timeZone: string }) {
  const headingId = useId();
  const failure = useStaffFailure();
  const [state, setState] = useState<State>({ status: 'loading' });
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  const at = (iso: string) => time.format(new Date(iso));

  const load = useCallback(
    (signal?: AbortSignal) =>
      staffGet(`/api/staff/sessions/${sessionId}/check-ins`, checkInCountsSchema, signal).then(
        (counts) => {
          if (!signal?.aborted) setState({ status: 'ready', counts });
        },
        (error: unknown) => {
          if (!signal?.aborted) setState({ status: 'error', message: failure(error).message });
        },
      ),
    [sessionId, failure],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = setInterval(() => {
      if (!document.hidden) void load(controller.signal);
    }, REFRESH_EVERY_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [load]);

  return (
    <section className="admin-section admin-panel door-counts" aria-labelledby={headingId}>
      <h3 id={headingId}>Check-in at the door</h3>
      <p>
        <Link to="/check-in">Open the door app</Link>{' '}
        <button type="button" className="button button--secondary" onClick={() => void load()}>
          Refresh
        </button>
      </p>
      {state.status === 'loading' && (
        <p role="status" className="notice">
          Reading the doors…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="notice notice--error">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <p className="door-counts__figure">{`${state.counts.checkedIn} of ${state.counts.registered} checked in`}</p>
          <p className="field__hint">{`Read at ${at(state.counts.readAt)}`}</p>
          {state.counts.devices.length > 0 && (
            <>
              <h4>Doors</h4>
              <ul>
                {state.counts.devices.map((device) => (
                  <li key={device.deviceId}>
                    {`${device.deviceName}: ${device.kept} checked in, last sync ${at(device.lastReceivedAt)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          {state.counts.conflicts.length > 0 && (
            <>
              <h4>Conflicts</h4>
              <ul>
                {state.counts.conflicts.map((conflict) => (
                  <li key={conflict.conflicting.id}>
                    {`${conflict.name}: kept from ${conflict.kept.deviceName} at ${at(conflict.kept.scannedAt)}; ${conflict.conflicting.deviceName} at ${at(conflict.conflicting.scannedAt)} came second`}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h4>Not yet here</h4>
          {state.counts.missing.length === 0 ? (
            <p>Everyone registered is checked in.</p>
          ) : (
            <div className="table-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Category</th>
                    <th scope="col">Whom to call</th>
                  </tr>
                </thead>
                <tbody>
                  {state.counts.missing.map((person) => (
                    <tr key={person.ticketId}>
                      <td>{person.name}</td>
                      <td>{person.category}</td>
                      <td>
                        {person.guardians ? (
                          <>
                            Mother: {person.guardians.mother} <Phone number={person.guardians.motherPhone} />
                            <br />
                            Father: {person.guardians.father} <Phone number={person.guardians.fatherPhone} />
                          </>
                        ) : (
                          <Phone number={person.phone} />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
