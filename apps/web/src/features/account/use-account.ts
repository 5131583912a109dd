/**
 * The signed-in visitor and their history, asked for together when the dashboard opens
 * (GET {auth}/profile and GET {auth}/activity). `null` means no session: this browser has not
 * signed in (nothing is asked, lib/session-hint.ts), or the server said 401.
 */
import type { AccountActivity, PublicUser } from '@store/shared/auth';
import { ApiClientError } from '#src/lib/api-client';
import type { AuthApi } from '#src/lib/auth-api';
import { mayHaveSession } from '#src/lib/session-hint';
import { useLoad } from '#src/lib/use-load';

export type Account = { user: PublicUser; activity: AccountActivity };

export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 401;
}

export function useAccount(api: AuthApi) {
  return useLoad(async (signal): Promise<Account | null> => {
    if (!mayHaveSession()) return null;
    try {
      const [{ user }, activity] = await Promise.all([api.profile(signal), api.activity(signal)]);
      return { user, activity };
    } catch (error) {
      if (isSignedOut(error)) return null;
      throw error;
    }
  });
}
