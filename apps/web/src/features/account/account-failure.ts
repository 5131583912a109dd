/** What an account form shows when its call fails: SPEC.md's alert, plus the server's reason and refused fields. */
import { ApiClientError } from '#src/lib/api-client';

export type AccountFailure<Name extends string> = {
  /** The server's message (wrong password, e-mail taken, too many attempts, no network), or null. */
  detail: string | null;
  /** The form's fields the server refused, with its message for each, in the form's order. */
  fields: ReadonlyArray<readonly [Name, string]>;
};

export function describeFailure<Name extends string>(
  error: unknown,
  fieldNames: readonly Name[],
): AccountFailure<Name> {
  if (!(error instanceof ApiClientError)) return { detail: null, fields: [] };
  const refused = error.fields ?? {};
  const fields = fieldNames.flatMap((name) => {
    const message = refused[name];
    return message === undefined ? [] : [[name, message] as const];
  });
  // The server often gives the field's message as its own (409 email_taken): said once, by the field.
  const detail = fields.some(([, message]) => message === error.message) ? null : error.message;
  return { detail, fields };
}
