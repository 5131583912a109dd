/**
 * "Where will you recite?": the sessions as radio cards (center, hall, the time in the session's own
 * zone, the address, the places left), chosen once for the whole family before the registrants.
 * When the server refused for want of places, the message and the family's two ways on stay here,
 * beside the choice they concern.
 */

import type { I18n } from '@lingui/core';
import { eventSessionTexts } from '@store/shared/event-session-texts';
import type { PublicSession } from '@store/shared/event-sessions';
import { useEffect, useRef } from 'react';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { sessionStart } from './in-page-language';
import type { EventSessionsState } from './use-event-sessions';

/** The server's refusal of the chosen session: how many places are left, in its words. */
export type PlacesNotice = { sessionId: number; message: string };

type SessionChoiceProps = {
  id: string;
  sessions: EventSessionsState & { refresh: () => void };
  selected: number | undefined;
  onSelect: (sessionId: number) => void;
  /** react-hook-form's ref, so its checks can reach the choice. */
  inputRef: (element: HTMLInputElement | null) => void;
  /** The schema's message (English, its id): shown in the page's language. */
  error: string | undefined;
  notice: PlacesNotice | null;
  onJoinWaitingList: () => void;
  busy: boolean;
};

export const sessionChoiceTexts = {
  loading: /*i18n*/ 'Loading the sessions…',
  loadFailed: /*i18n*/ 'Could not load the sessions.',
  retry: /*i18n*/ 'Try again',
  none: /*i18n*/ 'No session is open for registration yet. Please come back later.',
  orChooseAnother: /*i18n*/ 'Or choose another session above: its places are shown as they are now.',
} as const;

function placesText(i18n: I18n, session: PublicSession): string {
  if (session.availability === 'full') return i18n._(eventSessionTexts.full);
  const left = i18n._(eventSessionTexts.placesLeftCount, { left: session.placesLeft });
  return session.availability === 'almost_full' ? `${i18n._(eventSessionTexts.almostFull)} · ${left}` : left;
}

export function SessionChoice(props: SessionChoiceProps) {
  const { i18n } = useLingui();
  const { id, sessions, selected, onSelect, inputRef, notice, onJoinWaitingList, busy } = props;
  const error = props.error ? knownText(i18n, props.error) : undefined;
  const errorId = `${id}-error`;
  const noticeRef = useRef<HTMLDivElement>(null);
  // The refusal arrives at the Submit button, far below on a phone: the message is brought to view.
  useEffect(() => {
    if (!notice) return;
    noticeRef.current?.focus({ preventScroll: true });
    noticeRef.current?.scrollIntoView?.({ block: 'center' });
  }, [notice]);

  return (
    <fieldset
      id={id}
      className="session-choice"
      aria-describedby={error ? errorId : undefined}
      aria-busy={sessions.status === 'loading'}
    >
      <legend className="session-choice__legend">{i18n._(eventSessionTexts.sessionLabel)}</legend>
      {sessions.status === 'loading' && <p className="session-choice__status">{i18n._(sessionChoiceTexts.loading)}</p>}
      {sessions.status === 'error' && (
        <div className="session-choice__status" role="alert">
          <p>
            {i18n._(sessionChoiceTexts.loadFailed)} {knownText(i18n, sessions.message)}
          </p>
          <button type="button" className="button button--secondary" onClick={sessions.refresh}>
            {i18n._(sessionChoiceTexts.retry)}
          </button>
        </div>
      )}
      {sessions.status === 'ready' && sessions.sessions.length === 0 && (
        <p className="session-choice__status">{i18n._(sessionChoiceTexts.none)}</p>
      )}
      {sessions.status === 'ready' && sessions.sessions.length > 0 && (
        <ul className="session-choice__list">
          {sessions.sessions.map((session, position) => {
            const inputId = `${id}-${session.id}`;
            return (
              <li key={session.id}>
                <label
                  htmlFor={inputId}
                  className={`session-card session-card--${session.availability.replace('_', '-')}`}
                >
                  <input
                    id={inputId}
                    ref={position === 0 ? inputRef : undefined}
                    type="radio"
                    name="sessionId"
                    value={session.id}
                    checked={selected === session.id}
                    aria-invalid={error ? true : undefined}
                    onChange={() => onSelect(session.id)}
                  />
                  {/* The spaces between the lines keep the radio's name readable; the flex layout drops them. */}
                  <span className="session-card__text">
                    <span className="session-card__center">{session.centerName}</span> <span>{session.hall}</span>{' '}
                    <time dateTime={session.startsAt}>{sessionStart(session.startsAt, session.timeZone, 'short')}</time>{' '}
                    <span className="session-card__address">{session.address}</span>{' '}
                    <span className="session-card__places">{placesText(i18n, session)}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {notice && (
        <div ref={noticeRef} className="session-choice__notice" role="alert" tabIndex={-1}>
          <p>{knownText(i18n, notice.message)}</p>
          <button type="button" className="button" disabled={busy} onClick={onJoinWaitingList}>
            {i18n._(eventSessionTexts.joinWaitingList)}
          </button>
          <p className="session-choice__hint">{i18n._(sessionChoiceTexts.orChooseAnother)}</p>
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
