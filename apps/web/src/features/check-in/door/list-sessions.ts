/**
 * The sessions this staff member may open at the door: the back office's session list (a volunteer
 * gets their own center's), without the archived ones, soonest first.
 */
import { type StaffEventSession, staffEventSessionListSchema } from '@store/shared/staff-event-sessions';
import { getJson } from '#src/lib/api-client';
import { doorError } from './door-error';

export const SESSIONS_PATH = '/api/staff/sessions';

export async function listSessions(signal?: AbortSignal): Promise<StaffEventSession[]> {
  try {
    const { sessions } = await getJson(SESSIONS_PATH, async () => staffEventSessionListSchema, {
      signal,
      credentials: 'same-origin',
    });
    return sessions
      .filter((session) => !session.archived)
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  } catch (error) {
    throw doorError(error, 'The sessions can only be read with a network. Connect and try again.');
  }
}
