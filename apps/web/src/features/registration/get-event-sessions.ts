/** GET /api/public/event/sessions: the sessions a family may choose, with their places left. */
import type { EventSessionsResponse } from '@store/shared/event-sessions';
import { getJson } from '#src/lib/api-client';

export const EVENT_SESSIONS_PATH = '/api/public/event/sessions';

export function getEventSessions(signal?: AbortSignal): Promise<EventSessionsResponse> {
  // The schema module brings zod: loaded with the request, not with the page (see api-client.ts).
  return getJson(
    EVENT_SESSIONS_PATH,
    async () => (await import('@store/shared/event-sessions')).eventSessionsResponseSchema,
    {
      signal,
    },
  );
}
