/**
 * The sessions for the form's choice, with a refresh: after a refusal for want of places the list is
 * read again, so the family chooses among the places left now.
 */
import type { PublicSession } from '@store/shared/event-sessions';
import { useLoad } from '#src/lib/use-load';
import { getEventSessions } from './get-event-sessions';

export type EventSessionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; sessions: readonly PublicSession[] };

export function useEventSessions(): EventSessionsState & { refresh: () => void } {
  const { state, retry } = useLoad(getEventSessions);
  if (state.status === 'ready') return { status: 'ready', sessions: state.data.sessions, refresh: retry };
  return { ...state, refresh: retry };
}
