/**
 * One code field and its button: the sign-in's second step and the enrolment's confirmation. The
 * code is checked with the shared rule first (6 digits or a recovery code, spaces ignored).
 */
import { staffCodeRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { checkRequest, fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { describeStaffFailure } from '../staff-failure';

type CodeFormProps = {
  label: string;
  submitText: string;
  /** Sends the code; throws (ApiClientError) when refused. */
  send: (code: string) => Promise<void>;
  /** The message for a refusal; the server's field message otherwise. */
  explain?: (error: unknown) => string;
};

export function CodeForm({ label, submitText, send, explain }: CodeFormProps) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const checked = checkRequest(staffCodeRequestSchema, { code });
    setFailure(null);
    if (!checked.ok) {
      setError(fieldError(checked.fields, 'code', label));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await send(checked.data.code);
    } catch (caught) {
      const failed = describeStaffFailure(caught);
      const field = fieldError(failed.fields, 'code', label);
      if (field) setError(field);
      else setFailure(explain ? explain(caught) : failed.message);
    }
    setPending(false);
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
      <LabelledInput
        id={`${id}-code`}
        name="code"
        label={label}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        error={error}
      />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Checking…' : submitText}
      </button>
      <FormAlert message={failure} />
    </form>
  );
}
