/**
 * Closing a session to new registrations, or opening it again: its families keep their places and
 * tickets either way. Asks before closing.
 */
import { type StaffEventSessionDetail, updateEventSessionRequestSchema } from '@store/shared/staff-event-sessions';
import { useState } from 'react';
import { FormAlert } from '../form-alert';
import { useCheckedSubmit } from '../use-checked-submit';
import { useStaffFailure } from '../use-staff-failure';
import { patchSession } from './sessions-api';

type ArchiveButtonProps = { id: number; archived: boolean; onSaved: (detail: StaffEventSessionDetail) => void };

export function ArchiveButton({ id, archived, onSaved }: ArchiveButtonProps) {
  const { failure, pending, submit } = useCheckedSubmit(useStaffFailure());
  const [confirming, setConfirming] = useState(false);
  const send = (value: boolean) =>
    void submit(updateEventSessionRequestSchema, { archived: value }, async (checked) => {
      onSaved(await patchSession(id, checked));
      setConfirming(false);
    });

  if (archived) {
    return (
      <div className="admin-session-archive">
        <button type="button" className="button" disabled={pending} onClick={() => send(false)}>
          {pending ? 'Opening…' : 'Open to registrations again'}
        </button>
        <FormAlert message={failure} />
      </div>
    );
  }
  return (
    <div className="admin-session-archive">
      {confirming ? (
        <>
          <p>Close this session to new registrations? Its families keep their places and tickets.</p>
          <button type="button" className="button admin-danger" disabled={pending} onClick={() => send(true)}>
            {pending ? 'Archiving…' : 'Yes, archive it'}
          </button>{' '}
          <button type="button" className="text-button" onClick={() => setConfirming(false)}>
            Keep it open
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          Archive session
        </button>
      )}
      <FormAlert message={failure} />
    </div>
  );
}
