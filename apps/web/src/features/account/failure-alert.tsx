import { useEffect, useRef } from 'react';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { AccountFailure } from './account-failure';

type FailureAlertProps = {
  id: string;
  /** SPEC.md's words for the failure ('Login failed', 'Registration failed'), in the page's language. */
  title: string;
  /** Why, in the server's words when it gave any (wrong password, too many attempts, no network): shown translated when it is one of our messages. */
  detail: string | null;
  /** Move focus here when shown, for failures that no field can be blamed for. */
  takeFocus?: boolean;
};

/** SPEC.md §8's alert for a failed login or registration, on the page where a screen reader announces it. */
export function FailureAlert({ id, title, detail, takeFocus = false }: FailureAlertProps) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} id={id} role="alert" className="account-alert" tabIndex={-1}>
      <p>{title}</p>
      {detail && <p className="account-alert__detail">{knownText(i18n, detail)}</p>}
    </div>
  );
}

/**
 * Whether an account-upkeep form shows its alert: not when the fields it blamed already say all
 * there is (a title above 'Current password is incorrect.' would only repeat it). The sign-in
 * forms always show theirs: SPEC.md's 'Login failed' / 'Registration failed'.
 */
export function showsAlert<Name extends string>(failure: AccountFailure<Name> | null): failure is AccountFailure<Name> {
  return failure !== null && (failure.detail !== null || failure.fields.length === 0);
}
