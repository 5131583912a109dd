/**
 * The checkout's account for a monthly gift (issue 22), made inline: the password the visitor types,
 * and the one sign-up that both the "Create account" button and Place Order run. Place Order with a
 * password typed makes the account first and places the order only once it is signed in, so a donor
 * who never pressed the button is not sent back to it; a refusal is said at the field it concerns,
 * nothing is ordered, and the form keeps what was typed.
 */
import { authMessages, registerRequestSchema } from '@store/shared/auth';
import { monthlyTexts } from '@store/shared/monthly-lines';
import { type RefObject, useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { loadAuthApi } from '#src/lib/auth-api';
import type { CaptchaToken } from '#src/lib/captcha/captcha-client';

type SignUpOptions = {
  /** The form's e-mail and name as typed now. */
  details: () => { email: string; name: string };
  onSignedIn: (email: string) => void;
  /** Shown beside the e-mail field when the server refused the address (taken, invalid). */
  onEmailError: (message: string) => void;
  /** A captcha token for the sign-up, from the checkout's own captcha (already loaded for the card). */
  registerCaptcha: () => Promise<CaptchaToken>;
};

export type CheckoutSignUp = {
  password: string;
  setPassword: (password: string) => void;
  passwordError: string | null;
  /** Says why at the password field and moves the focus there. */
  refuse: (message: string) => void;
  passwordRef: RefObject<HTMLInputElement | null>;
  /** A refusal that names no field (the captcha, too many sign-ups), for under the fieldset. */
  failure: string | null;
  creating: boolean;
  /** Makes the account and signs in; true once signed in, false when refused (said where it belongs). */
  createAccount: () => Promise<boolean>;
};

// The register call's own rule, so the page refuses what the server would, in the same words.
const passwordRule = registerRequestSchema.shape.password;

export function useCheckoutSignUp({
  details,
  onSignedIn,
  onEmailError,
  registerCaptcha,
}: SignUpOptions): CheckoutSignUp {
  const [password, setPasswordState] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // A second press while the first sign-up is on its way must not send another.
  const busy = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  function refuse(message: string) {
    setPasswordError(message);
    passwordRef.current?.focus();
  }

  async function createAccount(): Promise<boolean> {
    if (busy.current) return false;
    const { email, name } = details();
    setFailure(null);
    if (email.trim() === '') {
      onEmailError(monthlyTexts.emailFirst);
      return false;
    }
    const checked = passwordRule.safeParse(password);
    if (!checked.success) {
      refuse(checked.error.issues[0]?.message ?? authMessages.password);
      return false;
    }
    busy.current = true;
    setCreating(true);
    try {
      const api = await loadAuthApi();
      const { user } = await api.register(
        { name: name.trim() || email.trim(), email: email.trim(), password },
        await registerCaptcha(),
      );
      setPasswordError(null);
      onSignedIn(user.email);
      return true;
    } catch (error) {
      const fields = error instanceof ApiClientError ? (error.fields ?? {}) : {};
      if (fields.email)
        onEmailError(fields.email === authMessages.emailTaken ? authMessages.emailTakenReason : fields.email);
      if (fields.password) refuse(fields.password);
      if (!fields.email && !fields.password) {
        setFailure(error instanceof ApiClientError ? error.message : authMessages.registrationFailed);
      }
      return false;
    } finally {
      busy.current = false;
      setCreating(false);
    }
  }

  return {
    password,
    setPassword: (next) => {
      setPasswordState(next);
      setPasswordError(null);
    },
    passwordError,
    refuse,
    passwordRef,
    failure,
    creating,
    createAccount,
  };
}
