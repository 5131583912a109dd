/**
 * Downloads a session's check-in list (online, before the doors open), checked with the shared
 * schema. Failures arrive as an ApiClientError whose message the screen shows as it is.
 */
import { type CheckInList, checkInListSchema } from '@store/shared/check-in-list';
import { getJson } from '#src/lib/api-client';
import { doorError } from './door-error';

export function checkInListPath(sessionId: number): string {
  return `/api/staff/sessions/${sessionId}/check-in-list`;
}

export async function downloadList(sessionId: number, signal?: AbortSignal): Promise<CheckInList> {
  try {
    return await getJson(checkInListPath(sessionId), async () => checkInListSchema, {
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw doorError(error, 'The list can only be downloaded with a network. Connect and try again.');
  }
}
