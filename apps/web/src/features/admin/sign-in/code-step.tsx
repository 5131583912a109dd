/** The second sign-in step: the authenticator's 6-digit code or a recovery code (POST /api/staff/login/code). */
import type { StaffSession } from '@store/shared/staff';
import { useId } from 'react';
import { describeStaffFailure } from '../staff-failure';
import { CodeForm } from './code-form';
import { postStaffCode } from './sign-in-api';

type CodeStepProps = { onSignedIn: (session: StaffSession) => void; onCancel: () => void };

export function CodeStep({ onSignedIn, onCancel }: CodeStepProps) {
  const id = useId();
  return (
    <section className="admin-sign-in" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Two-factor sign-in</h1>
      <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <CodeForm
        label="Code"
        submitText="Verify"
        send={async (code) => onSignedIn(await postStaffCode({ code }))}
        // A 401 here is a wrong code: the server's own words (staffMessages.invalidCode).
        explain={(error) => (error instanceof Error ? error.message : describeStaffFailure(error).message)}
      />
      <button type="button" className="text-button" onClick={onCancel}>
        Sign in as someone else
      </button>
    </section>
  );
}
