/**
 * The shared registration schemas, loaded when the form is first checked rather than with the page:
 * building them (zod, ~20 ms of a phone's main thread) would otherwise be one of the long tasks
 * while the page hydrates. The page starts loading them as soon as the visitor turns to the form
 * (registration-form.tsx), so a submit seldom waits for them; if it does, it waits, it never skips
 * a check.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { registrationMessages } from '@store/shared/registration-rules';
import type { Resolver } from 'react-hook-form';
import { loadOnce } from '#src/lib/load-once';
import type { RegistrationData, RegistrationFormValues } from './registration-form-values';

/** The shared module, imported once; a failed import (a dropped connection) is tried again next time. */
export const loadRegistrationSchemas = loadOnce(() => import('@store/shared/registration'));

let resolver: Resolver<RegistrationFormValues, unknown, RegistrationData> | undefined;

/**
 * react-hook-form's zod resolver over the shared request schema, built on its first use. When the
 * schemas cannot be loaded (the connection dropped), the form is refused with a root error the
 * form shows, rather than a rejected check that would leave it "Submitting..." for good.
 */
export const registrationResolver: Resolver<RegistrationFormValues, unknown, RegistrationData> = async (
  values,
  context,
  options,
) => {
  if (!resolver) {
    try {
      resolver = zodResolver((await loadRegistrationSchemas()).registrationRequestSchema);
    } catch {
      return { values: {}, errors: { root: { type: 'load', message: registrationMessages.submitFailed } } };
    }
  }
  return resolver(values, context, options);
};
