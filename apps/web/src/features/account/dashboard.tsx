import type { PublicUser } from '@store/shared/auth';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ZoneNote } from '#src/components/zone-note';
import type { AuthApi } from '#src/lib/auth-api';
import { Trans } from '#src/lib/i18n/trans';
import { AccountSecurity } from './account-security';
import { AuthApiStatus } from './auth-api-status';
import { AwaitingReceipts } from './awaiting-receipts';
import { DonationHistory } from './donation-history';
import { EmailVerificationNotice } from './email-verification-notice';
import { MonthlyGifts } from './monthly-gifts';
import { monthlyGiftsApi } from './monthly-gifts-api';
import { ProfileActions } from './profile-actions';
import { RegistrationHistory } from './registration-history';
import { useAccount } from './use-account';
import { YearEndStatements } from './year-end-statements';

export function Dashboard({ api }: { api: AuthApi }) {
  const navigate = useNavigate();
  const { state, retry } = useAccount(api);
  // The user as the last account call answered (a password set on a Google-only account), without
  // loading the whole dashboard again.
  const [changedUser, setChangedUser] = useState<PublicUser | null>(null);
  const signedOut = state.status === 'ready' && state.data === null;

  useEffect(() => {
    // Replace, not push: Back from /login must not bounce off the dashboard again.
    if (signedOut) navigate('/login', { replace: true });
  }, [signedOut, navigate]);

  if (state.status !== 'ready') return <AuthApiStatus state={state} onRetry={retry} />;
  if (state.data === null) return null;
  const { activity } = state.data;
  const user = changedUser ?? state.data.user;
  return (
    <>
      <p>
        <Trans
          id={/*i18n*/ 'Signed in as <0>{name}</0> ({email})'}
          values={{ name: user.name, email: user.email }}
          components={{ 0: <strong /> }}
        />
      </p>
      {!user.emailVerified && <EmailVerificationNotice api={api} email={user.email} />}
      <ProfileActions api={api} />
      {/* Once for the page: the gifts, their history and the registrations below all show times. */}
      <ZoneNote />
      <MonthlyGifts api={monthlyGiftsApi} />
      <AwaitingReceipts donations={activity.donations} />
      <DonationHistory donations={activity.donations} />
      <YearEndStatements years={activity.statementYears} />
      <RegistrationHistory registrations={activity.registrations} />
      <AccountSecurity api={api} user={user} onUserChanged={setChangedUser} />
    </>
  );
}
