/**
 * /admin/security: the member's own two-factor sign-in. Off: set it up. On: set it up again (a new
 * phone), or turn it off with the password, unless the role must keep it (owners, treasurers).
 * Members who read the report also manage their report keys here (the report's password).
 */
import { staffCan } from '@store/shared/staff';
import { useId, useState } from 'react';
import { useAdmin } from '../admin-context';
import { EnrolTotp } from '../sign-in/enrol-totp';
import { useStaffFailure } from '../use-staff-failure';
import { DisableTotp } from './disable-totp';
import { ReportKeysPanel } from './report-keys-panel';

export function SecurityPage() {
  const id = useId();
  const { session, replaceSession } = useAdmin();
  const describe = useStaffFailure();
  const { totpEnabled, totpRequired } = session.staff;
  const [done, setDone] = useState<string | null>(null);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Security</h2>
      <p>
        Two-factor sign-in is <strong>{totpEnabled ? 'on' : 'off'}</strong>.
        {totpRequired ? ' Your role must use it.' : ''}
      </p>
      {done && (
        <p role="status" className="admin-done">
          {done}
        </p>
      )}
      <section className="admin-section admin-panel" aria-labelledby={`${id}-setup`}>
        <h3 id={`${id}-setup`}>{totpEnabled ? 'Move to a new phone' : 'Set up two-factor sign-in'}</h3>
        <EnrolTotp
          key={String(totpEnabled)}
          startText={totpEnabled ? 'Set up a new phone' : 'Set up two-factor sign-in'}
          onFailure={describe}
          onDone={(next) => {
            replaceSession(next);
            setDone('Two-factor sign-in is on.');
          }}
        />
      </section>
      {totpEnabled && !totpRequired && (
        <DisableTotp
          onDisabled={(next) => {
            replaceSession(next);
            setDone('Two-factor sign-in is off.');
          }}
        />
      )}
      {staffCan(session.staff.role, 'readAllOrders') && <ReportKeysPanel />}
    </section>
  );
}
