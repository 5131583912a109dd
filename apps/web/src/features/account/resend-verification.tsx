/**
 * 'Send the link again' (POST {auth}/email/verify/resend): a new confirmation link for the signed-in
 * account's address. The server limits how often (429, whose message says when to try again); the
 * answer or the refusal is said under the button.
 */
import { useState } from 'react';
import type { AuthApi } from '#src/lib/auth-api';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { sentAnswerText, verificationSentTo } from './account-texts';
import { isSignedOut } from './use-account';

type Outcome = { kind: 'sent'; text: string } | { kind: 'refused'; text: string } | null;

type ResendVerificationProps = {
  api: AuthApi;
  /** The address the link goes to, when the page knows it (the dashboard); else the server's words. */
  email: string | null;
  /** The button's text, in the page's language (default 'Send the link again'). */
  label?: string;
};

export const NOT_SIGNED_IN_TO_RESEND = /*i18n*/ 'Log in to ask for a new link.';

export function ResendVerification({ api, email, label }: ResendVerificationProps) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function resend() {
    // Enabled while busy (a disabled button drops the keyboard focus): a second press is ignored.
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { message } = await api.resendVerification();
      setOutcome({ kind: 'sent', text: email === null ? sentAnswerText(message) : verificationSentTo(email) });
    } catch (error) {
      const text = isSignedOut(error)
        ? i18n._(NOT_SIGNED_IN_TO_RESEND)
        : error instanceof Error
          ? knownText(i18n, error.message)
          : String(error);
      setOutcome({ kind: 'refused', text });
    }
    setBusy(false);
  }

  return (
    <div className="account-resend">
      <button type="button" className="button button--secondary" onClick={resend} aria-disabled={busy}>
        {busy ? i18n._('Sending...') : (label ?? i18n._('Send the link again'))}
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
