/**
 * A session's waiting list in the back office, first in line first: each family's number, first
 * registrant, e-mail, people, when it joined, and its open offer's expiry. Owners and editors move a
 * family up one place or send it an offer by hand (both audited by the server); a volunteer reads.
 * The session page (/admin/sessions/:id) renders it; /admin/sessions/:id/waiting-list shows it alone.
 */
import { type WaitingFamily, type WaitingList, waitingListSchema, waitingListTexts } from '@store/shared/waiting-list';
import { useCallback, useEffect, useId, useState } from 'react';
import { DataTable, DateCell } from '#src/components/data-table';
import { FormAlert } from '../form-alert';
import { staffGet, staffSend } from '../staff-request';
import { useStaffFailure } from '../use-staff-failure';

type Load = { status: 'loading' } | { status: 'ready'; list: WaitingList } | { status: 'failed'; message: string };

const base = (sessionId: number) => `/api/staff/sessions/${sessionId}/waiting-list`;

export function WaitingListPanel({ sessionId }: { sessionId: number }) {
  const id = useId();
  const failure = useStaffFailure();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    staffGet(base(sessionId), waitingListSchema, controller.signal)
      .then((list) => setLoad({ status: 'ready', list }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: failure(error).message });
      });
    return () => controller.abort();
  }, [sessionId, failure]);

  const act = useCallback(
    (family: WaitingFamily, action: 'move-up' | 'offer') => {
      setBusy(`${family.registrationId}:${action}`);
      setAlert(null);
      setDone(null);
      staffSend(`${base(sessionId)}/${family.registrationId}/${action}`, {}, waitingListSchema)
        .then((list) => {
          setLoad({ status: 'ready', list });
          setDone(
            action === 'offer'
              ? `Offer sent to ${family.registrationNumber} (${family.email}).`
              : `${family.registrationNumber} moved up one place.`,
          );
        })
        .catch((error: unknown) => setAlert(failure(error).message))
        .finally(() => setBusy(null));
    },
    [sessionId, failure],
  );

  return (
    <section className="waiting-list-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Waiting list</h3>
      {load.status === 'loading' && (
        <p className="notice" role="status">
          Loading the waiting list…
        </p>
      )}
      {load.status === 'failed' && (
        <p className="notice notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.status === 'ready' && (
        <>
          <p>
            {load.list.families.length === 1 ? '1 family waiting' : `${load.list.families.length} families waiting`},{' '}
            {load.list.placesLeft === 1 ? '1 place free' : `${load.list.placesLeft} places free`}.
          </p>
          <FormAlert message={alert} />
          {done && (
            <p className="notice" role="status">
              {done}
            </p>
          )}
          {load.list.families.length === 0 ? (
            <p className="notice">{waitingListTexts.emptyLine}</p>
          ) : (
            <DataTable<WaitingFamily>
              rows={load.list.families}
              rowKey={(row) => row.registrationId}
              scrollLabel="Waiting list table"
              name={{ labelledBy: `${id}-title` }}
              wide
              columns={[
                { header: '#', cell: (row) => row.position, className: 'report-table__number' },
                {
                  header: 'Family',
                  rowHeader: true,
                  cell: (row) => (
                    <>
                      {row.registrationNumber}
                      <br />
                      {row.firstName} {row.lastName}
                      <br />
                      <span className="waiting-list-panel__email">{row.email}</span>
                    </>
                  ),
                },
                { header: 'People', cell: (row) => row.people, className: 'report-table__number' },
                { header: 'Joined', cell: (row) => <DateCell iso={row.joinedAt} timeZone={load.list.timeZone} /> },
                {
                  header: 'Status',
                  cell: (row) =>
                    row.status === 'offered' && row.offerExpiresAt ? (
                      <>
                        Offered, held until <DateCell iso={row.offerExpiresAt} timeZone={load.list.timeZone} />
                      </>
                    ) : (
                      'Waiting'
                    ),
                },
                ...(load.list.canManage
                  ? [
                      {
                        header: 'Actions',
                        cell: (row: WaitingFamily) => (
                          <div className="waiting-list-panel__actions">
                            <button
                              type="button"
                              className="button button--secondary"
                              disabled={busy !== null || row.position === 1}
                              aria-label={`${waitingListTexts.moveUp}: ${row.registrationNumber}`}
                              onClick={() => act(row, 'move-up')}
                            >
                              {waitingListTexts.moveUp}
                            </button>
                            <button
                              type="button"
                              className="button button--secondary"
                              disabled={busy !== null || row.status === 'offered'}
                              aria-label={`${waitingListTexts.sendOffer}: ${row.registrationNumber}`}
                              onClick={() => act(row, 'offer')}
                            >
                              {waitingListTexts.sendOffer}
                            </button>
                          </div>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
