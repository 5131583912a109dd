/**
 * The dashboard's 'Sign-in and security' section (issue 18, "Accounts that are complete"): change
 * the password (or set one, for a Google-only account), change the e-mail, log out everywhere,
 * delete the account. Each is a panel of its own, so each form's messages stay beside it.
 */
import type { PublicUser } from '@store/shared/auth';
import { useId } from 'react';
import type { AuthApi } from '#src/lib/auth-api';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { AccountPanel } from './account-panel';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { LogOutEverywhere } from './log-out-everywhere';

export const SIGN_IN_AND_SECURITY = /*i18n*/ 'Sign-in and security';

type AccountSecurityProps = { api: AuthApi; user: PublicUser; onUserChanged: (user: PublicUser) => void };

export function AccountSecurity({ api, user, onUserChanged }: AccountSecurityProps) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{i18n._(SIGN_IN_AND_SECURITY)}</h2>
      <div className="account-panels">
        <AccountPanel title={user.hasPassword ? i18n._('Change password') : i18n._('Set a password')}>
          {!user.hasPassword && (
            <p>{i18n._('You sign in with Google. With a password you can also log in with your e-mail.')}</p>
          )}
          <ChangePasswordForm api={api} user={user} onUserChanged={onUserChanged} />
        </AccountPanel>
        <AccountPanel title={i18n._('Change e-mail')}>
          <p>
            <Trans
              id={
                /*i18n*/ "Your e-mail is <0>{email}</0>. We send a link to the new address; it becomes your account's once you follow the link."
              }
              values={{ email: user.email }}
              components={{ 0: <strong /> }}
            />
          </p>
          <ChangeEmailForm api={api} user={user} />
        </AccountPanel>
        <AccountPanel title={i18n._('Log out everywhere')}>
          <LogOutEverywhere api={api} />
        </AccountPanel>
        <AccountPanel title={i18n._('Delete my account')} danger>
          <DeleteAccount api={api} user={user} />
        </AccountPanel>
      </div>
    </section>
  );
}
