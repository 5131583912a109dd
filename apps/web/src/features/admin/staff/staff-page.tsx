/**
 * /admin/staff (owner): the members with their role, center, two-factor and whether they may sign
 * in; a member's row opens their editor; a form below adds a member.
 */
import { STAFF_ROLE_LABELS, type StaffMember } from '@store/shared/staff';
import { useCallback, useEffect, useId, useState } from 'react';
import { DataTable } from '#src/components/data-table';
import { useCenters } from '#src/lib/use-centers';
import { useStaffFailure } from '../use-staff-failure';
import { AddMemberForm } from './add-member-form';
import { MemberEditor } from './member-editor';
import { getMembers } from './staff-api';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; members: readonly StaffMember[] };

export function StaffPage() {
  const id = useId();
  const failure = useStaffFailure();
  const centers = useCenters();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [editing, setEditing] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what 'Try again' changes to load again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMembers(controller.signal).then(
      (members) => {
        if (!controller.signal.aborted) setState({ status: 'ready', members });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: failure(error).message });
      },
    );
    return () => controller.abort();
  }, [failure, attempt]);

  const upsert = useCallback((member: StaffMember) => {
    setState((now) => {
      if (now.status !== 'ready') return now;
      const known = now.members.some((m) => m.id === member.id);
      return {
        status: 'ready',
        members: known ? now.members.map((m) => (m.id === member.id ? member : m)) : [...now.members, member],
      };
    });
  }, []);

  const centerName = (centerId: number | null) => {
    if (centerId === null) return '–';
    const found = centers.status === 'ready' ? centers.centers.find((center) => center.id === centerId) : undefined;
    return found?.name ?? `Center ${centerId}`;
  };
  const edited = state.status === 'ready' ? state.members.find((member) => member.id === editing) : undefined;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Staff</h2>
      {state.status === 'loading' && (
        <p role="status" className="notice">
          Loading the staff…
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="notice notice--error">
          <p>{state.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <DataTable<StaffMember>
          rows={state.members}
          rowKey={(member) => member.id}
          scrollLabel="Staff table"
          name={{ labelledBy: `${id}-title` }}
          wide
          columns={[
            { header: 'Username', cell: (member) => member.username, rowHeader: true },
            { header: 'Role', cell: (member) => STAFF_ROLE_LABELS[member.role] },
            { header: 'Center', cell: (member) => centerName(member.centerId) },
            {
              header: 'Two-factor',
              cell: (member) => (member.codeStepLockedUntil ? 'Locked' : member.totpEnabled ? 'On' : 'Off'),
            },
            { header: 'Status', cell: (member) => (member.disabled ? 'Disabled' : 'Active') },
            {
              header: 'Change',
              cell: (member) => (
                <button
                  type="button"
                  className="text-button"
                  aria-expanded={editing === member.id}
                  // The visible word, then whose row it is.
                  aria-label={`${editing === member.id ? 'Close' : 'Edit'} ${member.username}`}
                  onClick={() => setEditing((now) => (now === member.id ? null : member.id))}
                >
                  {editing === member.id ? 'Close' : 'Edit'}
                </button>
              ),
            },
          ]}
        />
      )}
      {edited && (
        <MemberEditor
          key={edited.id}
          member={edited}
          centers={centers}
          onChanged={upsert}
          onClose={() => setEditing(null)}
        />
      )}
      <AddMemberForm centers={centers} onAdded={upsert} />
    </section>
  );
}
