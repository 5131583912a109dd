/** The api client's error in the door's words for the two a volunteer meets most: no network, signed out. */
import { ApiClientError } from '#src/lib/api-client';

export function doorError(error: unknown, offlineMessage: string): unknown {
  if (!(error instanceof ApiClientError)) return error;
  if (error.status === undefined) return new ApiClientError(offlineMessage);
  if (error.status === 401) return new ApiClientError('Sign in to the back office first.', 401, error.code);
  return error;
}
