import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { AuthApiStatus } from './auth-api-status';
import { DonationHistory } from './donation-history';
import { ProfileActions } from './profile-actions';
import { RegistrationHistory } from './registration-history';
import { useAccount } from './use-account';

export function Dashboard({ api }: { api: AuthApi }) {
  const navigate = useNavigate();
  const { state, retry } = useAccount(api);
  const signedOut = state.status === 'ready' && state.data === null;

  useEffect(() => {
    // Replace, not push: Back from /login must not bounce off the dashboard again.
    if (signedOut) navigate('/login', { replace: true });
  }, [signedOut, navigate]);

  if (state.status !== 'ready') return <AuthApiStatus state={state} onRetry={retry} />;
  if (state.data === null) return null;
  const { user, activity } = state.data;
  return (
    <>
      <p>
        Signed in as <strong>{user.name}</strong> ({user.email})
      </p>
      <ProfileActions api={api} />
      <DonationHistory donations={activity.donations} />
      <RegistrationHistory registrations={activity.registrations} />
    </>
  );
}
