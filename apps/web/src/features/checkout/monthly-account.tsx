/**
 * Issue 22: "Monthly gifts need an account", inside the checkout form. The e-mail is the form's; the
 * visitor types a password, and the account is made through the register call (which mails the
 * verification link) and signed in, without leaving the page: the form and the bucket stay as they
 * are. It is made by the "Create account" button or by Place Order itself (use-checkout-sign-up.ts).
 * Or they sign in, and the login page brings them back here. A fieldset, not a form: forms do not
 * nest, so Enter in the password field creates the account rather than placing the order.
 */

import { PASSWORD_MIN_LENGTH } from '@store/shared/auth';
import { monthlyTexts } from '@store/shared/monthly-lines';
import { type KeyboardEvent, useId } from 'react';
import { Link } from 'react-router';
import { PasswordInput } from '#src/components/password-input';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { CheckoutAccount } from './use-checkout-account';
import type { CheckoutSignUp } from './use-checkout-sign-up';

type MonthlyAccountProps = {
  account: CheckoutAccount;
  signUp: CheckoutSignUp;
  /** The form's e-mail as typed now, for the sign-in page. */
  email: () => string;
};

export function MonthlyAccount({ account, signUp, email }: MonthlyAccountProps) {
  const { i18n } = useLingui();
  const id = useId();

  if (account.status === 'not-needed' || account.status === 'checking') return null;
  if (account.status === 'signed-in') {
    return (
      <p className="monthly-account monthly-account--signed-in">
        {i18n._(monthlyTexts.signedInAs, { email: account.email })}
      </p>
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void signUp.createAccount();
  }

  return (
    <fieldset className="monthly-account" aria-describedby={`${id}-hint`}>
      <legend>{i18n._(monthlyTexts.accountNeeded)}</legend>
      <p id={`${id}-hint`} className="monthly-account__hint">
        {i18n._(monthlyTexts.accountHint)}
      </p>
      <PasswordInput
        ref={signUp.passwordRef}
        id={`${id}-password`}
        label={i18n._('Password (at least {count} characters)', { count: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        value={signUp.password}
        onChange={(event) => signUp.setPassword(event.target.value)}
        onKeyDown={onKeyDown}
        // The password rule's, the server's or the checkout's words, in English: shown translated.
        error={signUp.passwordError === null ? undefined : knownText(i18n, signUp.passwordError)}
      />
      <div className="monthly-account__actions">
        <button type="button" className="button" disabled={signUp.creating} onClick={() => void signUp.createAccount()}>
          {i18n._(signUp.creating ? monthlyTexts.creatingAccount : monthlyTexts.createAccount)}
        </button>
        <Link to="/login" state={{ email: email(), returnTo: '/checkout' }}>
          {i18n._(monthlyTexts.signInInstead)}
        </Link>
      </div>
      {signUp.failure && (
        <p role="alert" className="field__error">
          {knownText(i18n, signUp.failure)}
        </p>
      )}
    </fieldset>
  );
}
