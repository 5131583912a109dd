/**
 * SPEC.md §2 /login, §7 POST /login: success goes to /dashboard, any failure shows 'Login failed'
 * (with the server's reason under it, and by the field when it refused one). Checked first with
 * the shared schema the server uses.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, type LoginRequest, loginRequestSchema } from '@store/shared/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthApi } from '../../lib/auth-api';
import { LabelledInput } from '../checkout/labelled-input';
import { type AccountFailure, describeFailure } from './account-failure';
import { FailureAlert } from './failure-alert';

type LoginField = keyof LoginRequest;
const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];
const resolver = zodResolver(loginRequestSchema);

/** The auth server sends the browser to /login?error=google when a Google sign-in did not complete. */
export const GOOGLE_FAILED = 'Google sign-in did not complete. Please try again.';

export function LoginForm({ api }: { api: AuthApi }) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<AccountFailure<LoginField> | null>(() =>
    params.get('error') === 'google' ? { detail: GOOGLE_FAILED, fields: [] } : null,
  );
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  async function logIn(values: LoginRequest) {
    setFailure(null);
    try {
      await api.login(values);
    } catch (error) {
      const described = describeFailure(error, LOGIN_FIELDS);
      setFailure(described);
      for (const [name, message] of described.fields) setError(name, { type: 'server', message });
      // Back to the first refused field, or to the password to try again.
      setFocus(described.fields[0]?.[0] ?? 'password', { shouldSelect: true });
      return;
    }
    navigate('/dashboard');
  }

  const alertId = `${id}-failure`;
  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={handleSubmit(logIn)}
        aria-describedby={failure ? alertId : undefined}
        aria-busy={isSubmitting}
      >
        <LabelledInput
          {...register('email')}
          id={`${id}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
        />
        <LabelledInput
          {...register('password')}
          id={`${id}-password`}
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
        />
        <button type="submit" className="button button--large" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
        {failure && <FailureAlert id={alertId} title={authMessages.loginFailed} detail={failure.detail} />}
      </form>
      <div className="account-other">
        {/* A full page load: the auth server sends the browser on to Google and back to /auth-success. */}
        <a className="button button--secondary" href={api.googleUrl}>
          {authMessages.loginWithGoogle}
        </a>
        <p>
          No account yet? <Link to="/register">Register</Link>
        </p>
      </div>
    </>
  );
}
