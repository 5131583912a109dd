/**
 * The back office's form submit, in one place: check the request with the shared schema the server
 * uses (field errors at once, nothing sent), send it once at a time, and keep what the page shows:
 * the fields' errors (the form's own, or the server's `error.fields`), the failure's message and
 * whether a request is on its way.
 */
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { checkRequest, type FieldErrors } from './check-request';
import type { StaffFailure } from './staff-failure';

export function useCheckedSubmit(describe: (error: unknown) => StaffFailure) {
  const busy = useRef(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** True when the request was checked, sent and `send` finished without throwing. */
  async function submit<T>(
    schema: z.ZodType<T>,
    value: unknown,
    send: (request: T) => Promise<void>,
  ): Promise<boolean> {
    if (busy.current) return false;
    setFailure(null);
    const checked = checkRequest(schema, value);
    if (!checked.ok) {
      setFields(checked.fields);
      return false;
    }
    setFields({});
    busy.current = true;
    setPending(true);
    try {
      await send(checked.data);
      return true;
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return { fields, failure, pending, submit };
}
