/**
 * Setting up two-factor sign-in: POST /api/staff/totp/setup makes a new secret (shown as a QR code
 * and as text to type by hand), the app's first code confirms it (POST /api/staff/totp/confirm),
 * then the ten recovery codes are shown, once. The sign-in's enrolment step and the Security page.
 */
import type { StaffSession } from '@store/shared/staff';
import { useState } from 'react';
import { FormAlert } from '../form-alert';
import { describeStaffFailure } from '../staff-failure';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { postTotpConfirm, postTotpSetup, type TotpSetup } from './sign-in-api';

/** The key in groups of four, as authenticator apps show and accept it (they ignore the spaces). */
function groupsOfFour(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

type Step =
  | { name: 'start' }
  | { name: 'scan'; setup: TotpSetup }
  | { name: 'codes'; recoveryCodes: readonly string[]; session: StaffSession };

type EnrolTotpProps = {
  startText: string;
  /** Two-factor is active and the codes are saved: the session the server answered with. */
  onDone: (session: StaffSession) => void;
  /** Calls failed with these (a 401 ends the session inside the shell). */
  onFailure?: (error: unknown) => void;
};

export function EnrolTotp({ startText, onDone, onFailure }: EnrolTotpProps) {
  const [step, setStep] = useState<Step>({ name: 'start' });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    setFailure(null);
    try {
      setStep({ name: 'scan', setup: await postTotpSetup() });
    } catch (error) {
      onFailure?.(error);
      setFailure(describeStaffFailure(error).message);
    }
    setPending(false);
  }

  if (step.name === 'start') {
    return (
      <div className="admin-enrol">
        <button type="button" className="button" onClick={start} disabled={pending}>
          {pending ? 'Preparing…' : startText}
        </button>
        <FormAlert message={failure} />
      </div>
    );
  }
  if (step.name === 'codes') {
    return <RecoveryCodes codes={step.recoveryCodes} onSaved={() => onDone(step.session)} />;
  }
  const { setup } = step;
  return (
    <div className="admin-enrol">
      <ol className="admin-enrol__steps">
        <li>
          <p>Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).</p>
          {/* An <img>, not inlined markup: the SVG is shown, never run; the CSP allows data: images. */}
          <img
            className="admin-enrol__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
          />
          <p>
            Cannot scan it? Enter this key in the app instead:{' '}
            <code className="admin-enrol__secret">{groupsOfFour(setup.secret)}</code>
          </p>
        </li>
        <li>
          <p>Then enter the 6-digit code the app shows.</p>
          <CodeForm
            label="Code from the app"
            submitText="Turn on two-factor sign-in"
            send={async (code) => {
              try {
                const confirmed = await postTotpConfirm({ code });
                setStep({ name: 'codes', recoveryCodes: confirmed.recoveryCodes, session: confirmed.session });
              } catch (error) {
                onFailure?.(error);
                throw error;
              }
            }}
          />
        </li>
      </ol>
    </div>
  );
}
