/**
 * SPEC.md §2 /dashboard: 'Load Profile' shows the profile the server returns as formatted raw data;
 * 'Logout' posts the logout, forgets the jwt_token and reloads the root page.
 */
import { authMessages } from '@store/shared/auth';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { clearJwtToken } from './jwt-token-storage';
import { loadPage } from './leave-page';
import { isSignedOut } from './use-account';

type Busy = 'profile' | 'logout' | null;

export function ProfileActions({ api }: { api: AuthApi }) {
  const { i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Busy>(null);
  const [profileJson, setProfileJson] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The buttons stay enabled while busy (a disabled button would drop the keyboard focus); a
  // second press meanwhile is ignored instead.
  async function loadProfile() {
    if (busy !== null) return;
    setBusy('profile');
    setProblem(null);
    try {
      setProfileJson(JSON.stringify(await api.profile(), null, 2));
      setBusy(null);
    } catch (error) {
      if (isSignedOut(error)) return void navigate('/login', { replace: true });
      setProblem(i18n._('Could not load the profile: {reason}', { reason: knownText(i18n, messageOf(error)) }));
      setBusy(null);
    }
  }

  async function logOut() {
    if (busy !== null) return;
    setBusy('logout');
    setProblem(null);
    try {
      await api.logout();
    } catch (error) {
      // 401: the session had already ended, which is what a logout wants.
      if (!isSignedOut(error)) {
        setProblem(i18n._('Could not log out: {reason}', { reason: knownText(i18n, messageOf(error)) }));
        setBusy(null);
        return;
      }
    }
    clearJwtToken();
    // `busy` stays 'logout': the page is on its way out.
    loadPage('/');
  }

  return (
    <>
      <div className="account-actions">
        <button type="button" className="button" onClick={loadProfile}>
          {i18n._(authMessages.loadProfile)}
        </button>
        <button type="button" className="button button--secondary" onClick={logOut}>
          {i18n._(authMessages.logout)}
        </button>
      </div>
      {busy !== null && (
        <p role="status" className="banner">
          {busy === 'profile' ? i18n._('Loading profile…') : i18n._('Logging out…')}
        </p>
      )}
      {problem && (
        <p role="alert" className="account-alert">
          {problem}
        </p>
      )}
      {profileJson !== null && (
        <section className="account-section" aria-labelledby={`${id}-profile`}>
          <h2 id={`${id}-profile`}>{i18n._('Profile')}</h2>
          <pre className="account-profile">{profileJson}</pre>
        </section>
      )}
    </>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
