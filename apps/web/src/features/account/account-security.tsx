/**
 * The dashboard's 'Sign-in and security' section (issue 18, "Accounts that are complete"): change
 * the password (or set one, for a Google-only account), change the e-mail, log out everywhere,
 * delete the account. Each is a panel of its own, so each form's messages stay beside it.
 */
import type { PublicUser } from '@store/shared/auth';
import { useId } from 'react';
import type { AuthApi } from '#src/lib/auth-api';
import { AccountPanel } from './account-panel';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { LogOutEverywhere } from './log-out-everywhere';

export const SIGN_IN_AND_SECURITY = 'Sign-in and security';

type AccountSecurityProps = { api: AuthApi; user: PublicUser; onUserChanged: (user: PublicUser) => void };

export function AccountSecurity({ api, user, onUserChanged }: AccountSecurityProps) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{SIGN_IN_AND_SECURITY}</h2>
      <div className="account-panels">
        <AccountPanel title={user.hasPassword ? 'Change password' : 'Set a password'}>
          {!user.hasPassword && <p>You sign in with Google. With a password you can also log in with your e-mail.</p>}
          <ChangePasswordForm api={api} user={user} onUserChanged={onUserChanged} />
        </AccountPanel>
        <AccountPanel title="Change e-mail">
          <p>
            Your e-mail is <strong>{user.email}</strong>. We send a link to the new address; it becomes your account's
            once you follow the link.
          </p>
          <ChangeEmailForm api={api} user={user} />
        </AccountPanel>
        <AccountPanel title="Log out everywhere">
          <LogOutEverywhere api={api} />
        </AccountPanel>
        <AccountPanel title="Delete my account" danger>
          <DeleteAccount api={api} user={user} />
        </AccountPanel>
      </div>
    </section>
  );
}
