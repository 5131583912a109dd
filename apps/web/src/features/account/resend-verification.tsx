/**
 * 'Send the link again' (POST {auth}/email/verify/resend): a new confirmation link for the signed-in
 * account's address. The server limits how often (429, whose message says when to try again); the
 * answer or the refusal is said under the button.
 */
import { useState } from 'react';
import type { AuthApi } from '#src/lib/auth-api';
import { verificationSentTo } from './account-texts';
import { isSignedOut } from './use-account';

type Outcome = { kind: 'sent'; text: string } | { kind: 'refused'; text: string } | null;

type ResendVerificationProps = {
  api: AuthApi;
  /** The address the link goes to, when the page knows it (the dashboard); else the server's words. */
  email: string | null;
  label?: string;
};

export const NOT_SIGNED_IN_TO_RESEND = 'Log in to ask for a new link.';

export function ResendVerification({ api, email, label = 'Send the link again' }: ResendVerificationProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function resend() {
    // Enabled while busy (a disabled button drops the keyboard focus): a second press is ignored.
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { message } = await api.resendVerification();
      setOutcome({ kind: 'sent', text: email === null ? message : verificationSentTo(email) });
    } catch (error) {
      const text = isSignedOut(error)
        ? NOT_SIGNED_IN_TO_RESEND
        : error instanceof Error
          ? error.message
          : String(error);
      setOutcome({ kind: 'refused', text });
    }
    setBusy(false);
  }

  return (
    <div className="account-resend">
      <button type="button" className="button button--secondary" onClick={resend} aria-disabled={busy}>
        {busy ? 'Sending...' : label}
      </button>
      {outcome?.kind === 'sent' && (
        <p role="status" className="account-resend__sent">
          {outcome.text}
        </p>
      )}
      {outcome?.kind === 'refused' && (
        <p role="alert" className="account-alert">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
