/**
 * 'Log out everywhere' (POST {auth}/logout-everywhere): ends every session of the account, this
 * one included (a lost phone, a shared computer), then /login.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { clearJwtToken } from './jwt-token-storage';
import { isSignedOut } from './use-account';

export const LOGGED_OUT_EVERYWHERE = /*i18n*/ 'You are logged out on every device.';

export function LogOutEverywhere({ api }: { api: AuthApi }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function logOutEverywhere() {
    // Enabled while busy (a disabled button drops the keyboard focus): a second press is ignored.
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.logoutEverywhere();
    } catch (error) {
      // 401: this session had ended already; the others may not have, but only a login can tell.
      if (!isSignedOut(error)) {
        const reason = error instanceof Error ? knownText(i18n, error.message) : String(error);
        setProblem(i18n._('Could not log out everywhere: {reason}', { reason }));
        setBusy(false);
        return;
      }
    }
    clearJwtToken();
    toast.success(i18n._(LOGGED_OUT_EVERYWHERE));
    navigate('/login', { replace: true });
  }

  return (
    <>
      <p>{i18n._('Ends every session of your account, on every device and browser, this one included.')}</p>
      <div className="account-actions">
        <button type="button" className="button button--secondary" onClick={logOutEverywhere} aria-disabled={busy}>
          {busy ? i18n._('Logging out...') : i18n._('Log out everywhere')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="account-alert">
          {problem}
        </p>
      )}
    </>
  );
}
