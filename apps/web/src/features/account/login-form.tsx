/**
 * SPEC.md §2 /login, §7 POST /login: success goes to /dashboard, any failure shows 'Login failed'
 * (with the server's reason under it, and by the field when it refused one). Checked first with
 * the shared schema the server uses.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, GOOGLE_LOGIN_ERROR, type LoginRequest, loginRequestSchema } from '@store/shared/auth';
import { useId } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PasswordInput } from '#src/components/password-input';
import type { AuthApi } from '#src/lib/auth-api';
import { knownError } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { emailFrom } from './account-texts';
import { EmailInput } from './email-input';
import { FailureAlert } from './failure-alert';
import { useAccountForm } from './use-account-form';

const resolver = zodResolver(loginRequestSchema);

/** The auth server sends the browser to /login?error=google when a Google sign-in did not complete. */
export const GOOGLE_FAILED = /*i18n*/ 'Google sign-in did not complete. Please try again.';

/** Why a Google sign-in brought the visitor back here (`?error=`), if it did (FailureAlert translates it). */
function googleFailure(error: string | null) {
  if (error === GOOGLE_LOGIN_ERROR.failed) return { detail: GOOGLE_FAILED, fields: [] };
  if (error === GOOGLE_LOGIN_ERROR.notConfigured) return { detail: authMessages.googleNotConfigured, fields: [] };
  return null;
}

/** Where a sign-in started elsewhere goes back to: only the checkout asks (a path of ours, never a URL). */
function returnToOf(state: unknown): '/checkout' | null {
  return typeof state === 'object' && state !== null && 'returnTo' in state && state.returnTo === '/checkout'
    ? '/checkout'
    : null;
}

export function LoginForm({ api }: { api: AuthApi }) {
  const { i18n } = useLingui();
  const id = useId();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const { register, errors, isSubmitting, failure, alertId, formProps, watch } = useAccountForm<LoginRequest>({
    resolver,
    defaultValues: { email: emailFrom(state), password: '' },
    fields: ['email', 'password'],
    send: (values) => api.login(values),
    // Issue 22: the checkout's "Sign in" for a monthly gift comes back to the checkout.
    ...(returnToOf(state) ? { onSuccess: () => navigate(returnToOf(state) ?? '/dashboard') } : {}),
    // Back to the password, to try again.
    focusOnFailure: 'password',
    initialFailure: googleFailure(params.get('error')),
  });

  return (
    <>
      <form {...formProps}>
        <EmailInput {...register('email')} id={`${id}-email`} error={knownError(i18n, errors.email?.message)} />
        <PasswordInput
          {...register('password')}
          id={`${id}-password`}
          autoComplete="current-password"
          error={knownError(i18n, errors.password?.message)}
        />
        <p className="account-forgot">
          {/* Carries the address typed so far, so it need not be typed twice. */}
          <Link to="/forgot-password" state={{ email: watch('email') }}>
            {i18n._('Forgot password?')}
          </Link>
        </p>
        <button type="submit" className="button button--large" disabled={isSubmitting}>
          {isSubmitting ? i18n._('Logging in...') : i18n._('Login')}
        </button>
        {failure && <FailureAlert id={alertId} title={i18n._(authMessages.loginFailed)} detail={failure.detail} />}
      </form>
      <div className="account-other">
        {/* A full page load: the auth server sends the browser on to Google and back to /auth-success. */}
        <a className="button button--secondary" href={api.googleUrl}>
          {i18n._(authMessages.loginWithGoogle)}
        </a>
        <p>
          <Trans id={/*i18n*/ 'No account yet? <0>Register</0>'} components={{ 0: <Link to="/register" /> }} />
        </p>
      </div>
    </>
  );
}
