/**
 * A signed-in donor finds their name and e-mail already filled in (the accounts issue). Only fields
 * that are still empty are filled: what the visitor typed is never overwritten. Without a session,
 * or when the auth server cannot be reached, the checkout stays a guest checkout and says nothing.
 * (The order is linked to the account by the server, from the session cookie.)
 */
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { loadProfile } from '#src/lib/auth-api';
import { mayHaveSession } from '#src/lib/session-hint';
import type { CheckoutFormValues } from './checkout-form-values';
import { splitName } from './split-name';

type PrefillForm = Pick<UseFormReturn<CheckoutFormValues>, 'getValues' | 'setValue' | 'clearErrors'>;
type PrefilledField = 'cardFirstName' | 'cardLastName' | 'email';

export function useAccountPrefill({ getValues, setValue, clearErrors }: PrefillForm): void {
  useEffect(() => {
    // Never signed in here: nothing to ask (a guest's profile request could only answer 401).
    if (!mayHaveSession()) return;
    const controller = new AbortController();
    const { signal } = controller;
    loadProfile(signal).then(
      ({ user }) => {
        if (signal.aborted) return;
        const { first, last } = splitName(user.name);
        const values: ReadonlyArray<readonly [PrefilledField, string]> = [
          ['cardFirstName', first],
          ['cardLastName', last],
          ['email', user.email],
        ];
        for (const [name, value] of values) {
          if (value === '' || getValues(name) !== '') continue;
          setValue(name, value, { shouldDirty: true });
          clearErrors(name);
        }
      },
      () => {
        // No session (401), or no auth server: a guest checkout, as for anyone else.
      },
    );
    return () => controller.abort();
  }, [getValues, setValue, clearErrors]);
}
