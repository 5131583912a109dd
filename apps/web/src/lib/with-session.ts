/** A call that needs a session: a 401 means there is none, so the hint goes and pages stop asking. */
import { ApiClientError } from './api-client';
import { forgetSession } from './session-hint';

export async function withSession<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) forgetSession();
    throw error;
  }
}
