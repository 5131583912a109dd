/**
 * The sessions for the form's choice, with a refresh: after a refusal for want of places the list is
 * read again, so the family chooses among the places left now. While it is read again the last list
 * stays on screen (the refusal's message below it must not jump); a failed refresh keeps it too.
 */
import type { PublicSession } from '@store/shared/event-sessions';
import { useRef } from 'react';
import { useLoad } from '#src/lib/use-load';
import { getEventSessions } from './get-event-sessions';

export type EventSessionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; sessions: readonly PublicSession[] };

export function useEventSessions(): EventSessionsState & { refresh: () => void } {
  const { state, retry } = useLoad(getEventSessions);
  const last = useRef<readonly PublicSession[] | null>(null);
  if (state.status === 'ready') last.current = state.data.sessions;
  if (last.current) return { status: 'ready', sessions: last.current, refresh: retry };
  return state.status === 'error'
    ? { status: 'error', message: state.message, refresh: retry }
    : { status: 'loading', refresh: retry };
}
