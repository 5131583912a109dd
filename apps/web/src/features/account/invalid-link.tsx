import { authMessages } from '@store/shared/auth';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

/**
 * What a page opened from an expired or used link shows: authMessages.invalidToken and the way to
 * a new link (`children`). Takes focus when it replaces a form, so a screen reader reads it.
 */
export function InvalidLink({ children, takeFocus = false }: { children: ReactNode; takeFocus?: boolean }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} className="notice notice--error account-link-problem" tabIndex={-1}>
      <p role="alert">{i18n._(authMessages.invalidToken)}</p>
      {children}
    </div>
  );
}
