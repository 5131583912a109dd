/**
 * The dashboard's ask while the account's e-mail is unconfirmed (issue 18): donations and
 * registrations made with the address before the account existed are listed only once it is
 * confirmed. Right after sign-up it says where the link went (the register form's history state).
 */
import { useId } from 'react';
import { useLocation } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { verificationSentFrom, verificationSentTo } from './account-texts';
import { ResendVerification } from './resend-verification';

export const CONFIRM_YOUR_EMAIL = /*i18n*/ 'Confirm your e-mail';

export function EmailVerificationNotice({ api, email }: { api: AuthApi; email: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const justSent = verificationSentFrom(useLocation().state) === email;
  return (
    <section className="notice account-verify" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._(CONFIRM_YOUR_EMAIL)}</h2>
      <p>
        {justSent
          ? verificationSentTo(email)
          : i18n._('Follow the link we e-mailed to {email} to confirm that the address is yours.', { email })}{' '}
        {i18n._(
          'Until then, gifts and registrations made with this address before you had an account are not listed here.',
        )}
      </p>
      <ResendVerification api={api} email={email} />
    </section>
  );
}
