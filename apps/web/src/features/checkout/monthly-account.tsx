/**
 * Issue 22: "Monthly gifts need an account", inside the checkout form. The e-mail is the form's; the
 * visitor types a password, and the account is made through the register call (which mails the
 * verification link) and signed in, without leaving the page: the form and the bucket stay as they
 * are. Or they sign in, and the login page brings them back here. A fieldset, not a form: forms do
 * not nest, so Enter in the password field creates the account rather than placing the order.
 */
import { authMessages, PASSWORD_MIN_LENGTH } from '@store/shared/auth';
import { monthlyTexts } from '@store/shared/monthly-lines';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { Link } from 'react-router';
import { PasswordInput } from '#src/components/password-input';
import { ApiClientError } from '#src/lib/api-client';
import { loadAuthApi } from '#src/lib/auth-api';
import type { CaptchaToken } from '#src/lib/captcha/captcha-client';
import type { CheckoutAccount } from './use-checkout-account';

type MonthlyAccountProps = {
  account: CheckoutAccount;
  /** The form's e-mail and name as typed now. */
  details: () => { email: string; name: string };
  onSignedIn: (email: string) => void;
  /** Set by the form when the order is placed without an account. */
  passwordError: string | null;
  setPasswordError: (message: string | null) => void;
  /** Shown beside the e-mail field when the server refused the address (taken, invalid). */
  onEmailError: (message: string) => void;
  passwordRef: Ref<HTMLInputElement>;
  /** A captcha token for the sign-up, from the checkout's own captcha (already loaded for the card). */
  registerCaptcha: () => Promise<CaptchaToken>;
};

export function MonthlyAccount(props: MonthlyAccountProps) {
  const { account, details, onSignedIn, passwordError, setPasswordError, onEmailError, passwordRef, registerCaptcha } =
    props;
  const id = useId();
  const [password, setPassword] = useState('');
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (account.status === 'not-needed' || account.status === 'checking') return null;
  if (account.status === 'signed-in') {
    return <p className="monthly-account monthly-account--signed-in">{monthlyTexts.signedInAs(account.email)}</p>;
  }

  async function create() {
    const { email, name } = details();
    setFailure(null);
    if (email.trim() === '') {
      onEmailError(monthlyTexts.emailFirst);
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setPasswordError(`Please choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    setCreating(true);
    try {
      const api = await loadAuthApi();
      const { user } = await api.register(
        { name: name.trim() || email.trim(), email: email.trim(), password },
        await registerCaptcha(),
      );
      setPasswordError(null);
      onSignedIn(user.email);
    } catch (error) {
      const fields = error instanceof ApiClientError ? (error.fields ?? {}) : {};
      if (fields.email)
        onEmailError(fields.email === authMessages.emailTaken ? authMessages.emailTakenReason : fields.email);
      if (fields.password) setPasswordError(fields.password);
      if (!fields.email && !fields.password) {
        setFailure(error instanceof ApiClientError ? error.message : authMessages.registrationFailed);
      }
    } finally {
      setCreating(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void create();
  }

  return (
    <fieldset className="monthly-account" aria-describedby={`${id}-hint`}>
      <legend>{monthlyTexts.accountNeeded}</legend>
      <p id={`${id}-hint`} className="monthly-account__hint">
        {monthlyTexts.accountHint}
      </p>
      <PasswordInput
        ref={passwordRef}
        id={`${id}-password`}
        label={`Password (at least ${PASSWORD_MIN_LENGTH} characters)`}
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordError(null);
        }}
        onKeyDown={onKeyDown}
        error={passwordError ?? undefined}
      />
      <div className="monthly-account__actions">
        <button type="button" className="button" disabled={creating} onClick={() => void create()}>
          {creating ? monthlyTexts.creatingAccount : monthlyTexts.createAccount}
        </button>
        <Link to="/login" state={{ email: details().email, returnTo: '/checkout' }}>
          {monthlyTexts.signInInstead}
        </Link>
      </div>
      {failure && (
        <p role="alert" className="field__error">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
