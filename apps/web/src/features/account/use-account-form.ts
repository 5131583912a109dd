/**
 * What the account forms share (SPEC.md §7): the server's own zod schema checks the fields first;
 * the call goes to the auth server; a success goes to /dashboard (or to `onSuccess`); a failure shows
 * SPEC.md's alert with the server's reason, marks the fields the server refused, and moves focus to
 * the first of them (or to `focusOnFailure` when no field is to blame).
 */
import { useId, useState } from 'react';
import { type DefaultValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type AccountFailure, describeFailure } from './account-failure';

export type AccountFormOptions<Values extends Record<string, string>, Answer> = {
  resolver: Resolver<Values>;
  defaultValues: DefaultValues<Values>;
  /** The form's fields in their order on the page: the first one the server refused takes focus. */
  fields: readonly Path<Values>[];
  /** The call to the auth server; it throws (ApiClientError) when refused. */
  send: (values: Values) => Promise<Answer>;
  /** What a success does instead of going to /dashboard (show the answer, go elsewhere with state). */
  onSuccess?: (answer: Answer, values: Values) => void;
  /** The field that takes focus when the server blamed none; null leaves focus to the alert. */
  focusOnFailure: Path<Values> | null;
  /** A failure to show before anything is sent (e.g. a Google sign-in that came back failed). */
  initialFailure?: AccountFailure<Path<Values>> | null;
};

export function useAccountForm<Values extends Record<string, string>, Answer = unknown>({
  resolver,
  defaultValues,
  fields,
  send,
  onSuccess,
  focusOnFailure,
  initialFailure = null,
}: AccountFormOptions<Values, Answer>) {
  const navigate = useNavigate();
  const alertId = `${useId()}-failure`;
  const [failure, setFailure] = useState(initialFailure);
  const { register, handleSubmit, setError, setFocus, getValues, reset, watch, formState } = useForm<Values>({
    resolver,
    defaultValues,
  });

  async function submit(values: Values) {
    setFailure(null);
    let answer: Answer;
    try {
      answer = await send(values);
    } catch (error) {
      const described = describeFailure(error, fields);
      setFailure(described);
      for (const [name, message] of described.fields) setError(name, { type: 'server', message });
      const focus = described.fields[0]?.[0] ?? focusOnFailure;
      if (focus) setFocus(focus, { shouldSelect: true });
      return;
    }
    if (onSuccess) onSuccess(answer, values);
    else navigate('/dashboard');
  }

  return {
    register,
    getValues,
    reset,
    setFocus,
    /** A field's value that the page shows or passes on as it is typed (re-renders on each change). */
    watch,
    errors: formState.errors,
    isSubmitting: formState.isSubmitting,
    failure,
    /** The failure alert's id, which the form points at while it is shown. */
    alertId,
    /** The `<form>`'s props: checked by the schema, not the browser; busy while sending. */
    formProps: {
      className: 'form',
      noValidate: true,
      onSubmit: handleSubmit(submit),
      'aria-describedby': failure ? alertId : undefined,
      'aria-busy': formState.isSubmitting,
    },
  };
}
