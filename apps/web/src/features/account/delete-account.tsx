/**
 * 'Delete my account' (issue 18) behind a confirmation step: the first button only opens the form
 * (delete-account-form.tsx), which says what goes and what stays and asks for the password (or, for
 * a Google-only account, the e-mail typed out).
 */
import type { PublicUser } from '@store/shared/auth';
import { useEffect, useId, useRef, useState } from 'react';
import type { AuthApi } from '#src/lib/auth-api';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { DeleteAccountForm } from './delete-account-form';

export const WHAT_DELETING_DOES =
  /*i18n*/ 'Your account, its password and its sign-ins are deleted. The records of your donations and event registrations stay with the foundation for its books and your tax receipts, no longer linked to an account.';

export function DeleteAccount({ api, user }: { api: AuthApi; user: PublicUser }) {
  const { i18n } = useLingui();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    // After Cancel, back where the keyboard was before the step opened (the button is back by now).
    if (!open && cancelled.current) opener.current?.focus();
    cancelled.current = false;
  }, [open]);

  function cancel() {
    cancelled.current = true;
    setOpen(false);
  }

  return (
    <>
      <p>{i18n._(WHAT_DELETING_DOES)}</p>
      {open ? (
        <DeleteAccountForm id={formId} api={api} user={user} onCancel={cancel} />
      ) : (
        <div className="account-actions">
          <button
            ref={opener}
            type="button"
            className="button button--danger-outline"
            aria-expanded={false}
            aria-controls={formId}
            onClick={() => setOpen(true)}
          >
            {i18n._('Delete my account')}
          </button>
        </div>
      )}
    </>
  );
}
