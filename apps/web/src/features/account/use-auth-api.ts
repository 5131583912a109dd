/** The auth server's calls for an account page, once the client config has named their base address. */
import { type AuthApi, loadAuthApi } from '#src/lib/auth-api';
import { type LoadState, useLoad } from '#src/lib/use-load';

export function useAuthApi(): { state: LoadState<AuthApi>; retry: () => void } {
  return useLoad(loadAuthApi);
}
