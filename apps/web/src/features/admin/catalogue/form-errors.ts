/**
 * Errors for the center and event forms: by field (the API's `fields`, or the schema's issues,
 * `center.name` → `name`) and one message for the form.
 */
import type { z } from 'zod';
import { ApiClientError } from '#src/lib/api-client';

export type FormErrors = Record<string, string | undefined>;

export function issuesAsErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

export function apiErrors(error: unknown, prefix: string): FormErrors {
  const errors: FormErrors = { form: error instanceof Error ? error.message : 'The change could not be saved.' };
  if (error instanceof ApiClientError && error.fields) {
    for (const [path, message] of Object.entries(error.fields)) {
      errors[path.startsWith(prefix) ? path.slice(prefix.length) : 'form'] ??= message;
    }
  }
  return errors;
}

/** Moves focus to the first field with an error (in the form's order), else to the form's alert. */
export function focusFirstError(form: HTMLFormElement | null, errors: FormErrors, idOf: (field: string) => string) {
  if (!form) return;
  const field = Object.keys(errors).find(
    (key) => key !== 'form' && errors[key] && form.querySelector(`#${CSS.escape(idOf(key))}`),
  );
  const target = field
    ? form.querySelector<HTMLElement>(`#${CSS.escape(idOf(field))}`)
    : form.querySelector<HTMLElement>('[role="alert"]');
  target?.focus();
}
