/**
 * SPEC.md §2 /register, §7 POST /register: success goes to /dashboard (the server has signed the
 * new account in), any failure shows 'Registration failed' with the server's reason, and by the
 * field when it refused one (e.g. an e-mail that already has an account).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, PASSWORD_MIN_LENGTH, type RegisterRequest, registerRequestSchema } from '@store/shared/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { AuthApi } from '../../lib/auth-api';
import { LabelledInput } from '../checkout/labelled-input';
import { type AccountFailure, describeFailure } from './account-failure';
import { FailureAlert } from './failure-alert';

type RegisterField = keyof RegisterRequest;
const REGISTER_FIELDS: readonly RegisterField[] = ['name', 'email', 'password'];
const resolver = zodResolver(registerRequestSchema);

export function RegisterForm({ api }: { api: AuthApi }) {
  const id = useId();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<AccountFailure<RegisterField> | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  async function createAccount(values: RegisterRequest) {
    setFailure(null);
    try {
      await api.register(values);
    } catch (error) {
      const described = describeFailure(error, REGISTER_FIELDS);
      setFailure(described);
      for (const [name, message] of described.fields) setError(name, { type: 'server', message });
      // Back to the first refused field; otherwise the alert itself takes focus.
      const first = described.fields[0]?.[0];
      if (first) setFocus(first, { shouldSelect: true });
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
        onSubmit={handleSubmit(createAccount)}
        aria-describedby={failure ? alertId : undefined}
        aria-busy={isSubmitting}
      >
        <LabelledInput
          {...register('name')}
          id={`${id}-name`}
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
        />
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
          // The rule in the label itself: read with the field, before anything goes wrong.
          label={`Password (at least ${PASSWORD_MIN_LENGTH} characters)`}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
        />
        <button type="submit" className="button button--large" disabled={isSubmitting}>
          {isSubmitting ? 'Registering...' : 'Register'}
        </button>
        {failure && (
          <FailureAlert
            id={alertId}
            title={authMessages.registrationFailed}
            detail={failure.detail}
            takeFocus={failure.fields.length === 0}
          />
        )}
      </form>
      <div className="account-other">
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </>
  );
}
