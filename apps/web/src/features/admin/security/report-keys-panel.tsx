/**
 * The member's report keys (owners: everybody's). The report at /report takes the username and a
 * report key as its password: an owner's or treasurer's account password needs two-factor, which
 * HTTP Basic cannot ask for. Make a key (named for where it is used), see it once, revoke it.
 */
import { createReportKeyRequestSchema, type ReportKey, reportKeyMessages } from '@store/shared/report-keys';
import { staffCan } from '@store/shared/staff';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DataTable, DateCell } from '#src/components/data-table';
import { LabelledInput } from '#src/components/labelled-input';
import { ZoneNote } from '#src/components/zone-note';
import { useAdmin } from '../admin-context';
import { fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { useCheckedSubmit } from '../use-checked-submit';
import { useStaffFailure } from '../use-staff-failure';
import { NewReportKey } from './new-report-key';
import { getReportKeys, postReportKey, postRevokeReportKey } from './report-keys-api';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; keys: readonly ReportKey[] };

export function ReportKeysPanel() {
  const id = useId();
  const { session } = useAdmin();
  const describe = useStaffFailure();
  const mayCreate = staffCan(session.staff.role, 'readAllOrders');
  const seesEveryone = staffCan(session.staff.role, 'manageStaff');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [created, setCreated] = useState<{ label: string; secret: string } | null>(null);
  const [revokeFailure, setRevokeFailure] = useState<string | null>(null);
  const { fields, failure, pending, submit: send } = useCheckedSubmit(describe);

  useEffect(() => {
    const controller = new AbortController();
    getReportKeys(controller.signal).then(
      (keys) => {
        if (!controller.signal.aborted) setState({ status: 'ready', keys });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: describe(error).message });
      },
    );
    return () => controller.abort();
  }, [describe]);

  function replace(key: ReportKey) {
    setState((now) =>
      now.status === 'ready'
        ? {
            status: 'ready',
            keys: now.keys.some((k) => k.id === key.id)
              ? now.keys.map((k) => (k.id === key.id ? key : k))
              : [key, ...now.keys],
          }
        : now,
    );
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const label = String(new FormData(form).get('label') ?? '');
    void send(createReportKeyRequestSchema, { label }, async (request) => {
      const answer = await postReportKey(request);
      replace(answer.key);
      setCreated({ label: answer.key.label, secret: answer.secret });
      form.reset();
    });
  }

  async function revoke(key: ReportKey) {
    setRevokeFailure(null);
    try {
      replace(await postRevokeReportKey(key.id));
    } catch (error) {
      setRevokeFailure(describe(error).message);
    }
  }

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Report keys</h3>
      <p>
        On the payment report (<a href="/report">/report</a>), sign in with your username and a report key as the
        password. Your account password is not accepted there. A key only reads the report; revoke it when a device is
        lost or no longer used.
      </p>
      {created && <NewReportKey label={created.label} secret={created.secret} onDone={() => setCreated(null)} />}
      {mayCreate && !created && (
        <form className="form admin-report-key__form" noValidate onSubmit={create}>
          <LabelledInput
            id={`${id}-label`}
            name="label"
            label="Key name (where it is used)"
            maxLength={80}
            autoComplete="off"
            error={fieldError(fields, 'label', 'Key name')}
          />
          <button type="submit" className="button" disabled={pending}>
            Create report key
          </button>
          <FormAlert message={failure} />
        </form>
      )}
      {state.status === 'loading' && (
        <p role="status" className="notice">
          Loading the report keys…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="notice notice--error">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.keys.length === 0 && <p>{reportKeyMessages.noKeys}</p>}
      {state.status === 'ready' && state.keys.length > 0 && <ZoneNote />}
      {state.status === 'ready' && state.keys.length > 0 && (
        <DataTable<ReportKey>
          rows={state.keys}
          rowKey={(key) => key.id}
          scrollLabel="Report keys table"
          name={{ labelledBy: `${id}-title` }}
          columns={[
            { header: 'Name', cell: (key) => key.label, rowHeader: true },
            ...(seesEveryone ? [{ header: 'Member', cell: (key: ReportKey) => key.username }] : []),
            { header: 'Created', cell: (key) => <DateCell iso={key.createdAt} /> },
            { header: 'Last used', cell: (key) => (key.lastUsedAt ? <DateCell iso={key.lastUsedAt} /> : 'Never') },
            {
              header: 'Status',
              cell: (key) =>
                key.revokedAt ? (
                  'Revoked'
                ) : (
                  <button
                    type="button"
                    className="text-button"
                    aria-label={`Revoke ${key.label}`}
                    onClick={() => void revoke(key)}
                  >
                    Revoke
                  </button>
                ),
            },
          ]}
        />
      )}
      <FormAlert message={revokeFailure} />
    </section>
  );
}
