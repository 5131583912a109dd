/**
 * "Certificates" on a session's page: who completed the recitation and how (one by one, or from a
 * CSV), and "Send certificates", which e-mails each marked registrant's certificate once (a second
 * press sends none again). Rows whose certificate was sent are locked.
 */
import type { CertificateSendResult, CompletionRow } from '@store/shared/certificates';
import { useCallback, useEffect, useId, useState } from 'react';
import { useStaffFailure } from '../use-staff-failure';
import { getCompletions, sendCertificates } from './certificates-api';
import { CompletionSelect } from './completion-select';
import { CompletionsCsvForm } from './completions-csv-form';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: CompletionRow[] };

const sentOn = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

export function CertificatesPanel({ sessionId }: { sessionId: number }) {
  const headingId = useId();
  const failure = useStaffFailure();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<CertificateSendResult | null>(null);
  const [sendFailure, setSendFailure] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      getCompletions(sessionId, signal).then(
        ({ rows }) => {
          if (!signal?.aborted) setState({ status: 'ready', rows });
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
    return () => controller.abort();
  }, [load]);

  const rows = state.status === 'ready' ? state.rows : [];
  const toSend = rows.filter((row) => row.how !== null && row.certificateQueuedAt === null).length;
  const saved = (changed: CompletionRow) =>
    setState({ status: 'ready', rows: rows.map((row) => (row.registrantId === changed.registrantId ? changed : row)) });

  const send = async () => {
    setSending(true);
    setSendFailure(null);
    try {
      setSent(await sendCertificates(sessionId));
      setAsking(false);
      await load();
    } catch (error) {
      setSendFailure(failure(error).message);
    }
    setSending(false);
  };

  return (
    <section className="admin-section admin-panel certificates-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>Certificates</h3>
      {state.status === 'loading' && (
        <p role="status" className="notice">
          Loading the registrants…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="notice notice--error">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && rows.length === 0 && (
        <p className="notice">Nobody is registered for this session yet.</p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Ticket</th>
                <th scope="col">Checked in</th>
                <th scope="col">Completed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.registrantId}>
                  <td>
                    {row.name}
                    <br />
                    <span className="field__hint">{row.category}</span>
                  </td>
                  <td>{row.ticketNumber}</td>
                  <td>{row.checkedIn ? 'Yes' : 'No'}</td>
                  <td>
                    <CompletionSelect sessionId={sessionId} row={row} sentOn={sentOn} onSaved={saved} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'ready' && <CompletionsCsvForm sessionId={sessionId} onImported={() => void load()} />}
      {sent && (
        <p role="status" className="admin-done">
          {`${sent.queued} sent, ${sent.alreadySent} already sent.`}
        </p>
      )}
      {sendFailure && (
        <p role="alert" className="notice notice--error">
          {sendFailure}
        </p>
      )}
      {state.status === 'ready' &&
        (asking ? (
          <div className="certificates-panel__confirm">
            <p>{`Send ${toSend} certificate${toSend === 1 ? '' : 's'}? Each goes once, by e-mail, with the PDF.`}</p>
            <button type="button" className="button" disabled={sending} onClick={() => void send()}>
              {sending ? 'Sending…' : 'Yes, send'}
            </button>{' '}
            <button
              type="button"
              className="button button--secondary"
              disabled={sending}
              onClick={() => setAsking(false)}
            >
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="button" disabled={toSend === 0} onClick={() => setAsking(true)}>
            Send certificates
          </button>
        ))}
    </section>
  );
}
