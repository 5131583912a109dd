/** The sign-in's enrolment step: an owner or treasurer without two-factor sets it up before going on. */
import { type StaffSession, staffMessages } from '@store/shared/staff';
import { useId } from 'react';
import { EnrolTotp } from './enrol-totp';

type EnrolStepProps = { onDone: (session: StaffSession) => void; onCancel: () => void };

export function EnrolStep({ onDone, onCancel }: EnrolStepProps) {
  const id = useId();
  return (
    <section className="admin-sign-in" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Set up two-factor sign-in</h1>
      <p>{staffMessages.enrolFirst} Your role moves money or manages staff, so it signs in with a code from a phone.</p>
      <EnrolTotp startText="Show the QR code" onDone={onDone} />
      <button type="button" className="text-button" onClick={onCancel}>
        Sign out
      </button>
    </section>
  );
}
