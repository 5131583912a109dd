/**
 * The answer to a scan or a search, filling the screen in large colour with the words as well as
 * the colour (sunlight, colour blindness): green valid, amber already checked in, red refused. A
 * child's answer asks which parent is present before checking in. The buttons sit at the bottom,
 * in reach of a thumb.
 */
import type { CheckInTicket } from '@store/shared/check-in-list';
import type { Guardian } from '@store/shared/check-in-sync';
import { shortTicketId } from '@store/shared/ticket-code';
import { useEffect, useRef } from 'react';
import type { DoorAnswer } from './door/door-types';
import { doorTexts } from './door-texts';

export type ShownAnswer = {
  answer: DoorAnswer;
  /** For a valid answer: checked in (on the device), or waiting for the guardian's confirmation. */
  checkedIn: boolean;
  /** Where the answer came from: what "Scan next" returns to. */
  from: 'scan' | 'search';
};

type Props = {
  shown: ShownAnswer;
  formatTime: (iso: string) => string;
  onGuardian: (guardian: Guardian) => void;
  onNext: () => void;
};

const HEADINGS: Record<DoorAnswer['outcome'], string> = {
  valid: doorTexts.valid,
  already: doorTexts.already,
  revoked: doorTexts.revoked,
  'other-session': doorTexts.otherSession,
  forged: doorTexts.forged,
};

function Person({ ticket }: { ticket: CheckInTicket | null }) {
  if (!ticket) return <p className="door-answer__note">{doorTexts.notInList}</p>;
  return (
    <div className="door-answer__person">
      <p className="door-answer__name">{ticket.name}</p>
      <p className="door-answer__meta">
        {ticket.category} · {shortTicketId(ticket.ticketId)}
      </p>
    </div>
  );
}

function Guardians({ ticket, onGuardian }: { ticket: CheckInTicket; onGuardian: (guardian: Guardian) => void }) {
  const guardians = ticket.guardians;
  return (
    <div className="door-answer__guardians">
      <p className="door-answer__ask">{doorTexts.confirmGuardian}</p>
      <ul>
        <li>
          Mother: {guardians?.mother || '—'}{' '}
          {guardians?.motherPhone ? <a href={`tel:${guardians.motherPhone}`}>{guardians.motherPhone}</a> : null}
        </li>
        <li>
          Father: {guardians?.father || '—'}{' '}
          {guardians?.fatherPhone ? <a href={`tel:${guardians.fatherPhone}`}>{guardians.fatherPhone}</a> : null}
        </li>
      </ul>
      <div className="door-actions">
        <button type="button" className="door-button door-button--go" onClick={() => onGuardian('mother')}>
          {doorTexts.motherPresent}
        </button>
        <button type="button" className="door-button door-button--go" onClick={() => onGuardian('father')}>
          {doorTexts.fatherPresent}
        </button>
      </div>
    </div>
  );
}

export function AnswerScreen({ shown, formatTime, onGuardian, onNext }: Props) {
  const { answer, checkedIn } = shown;
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus the answer, so a screen reader says it and the keyboard's next press is in it.
  useEffect(() => heading.current?.focus(), []);
  const askGuardian = answer.outcome === 'valid' && !checkedIn && answer.ticket?.minor === true;
  return (
    <section
      className={`door-answer door-answer--${answer.outcome}`}
      role="status"
      data-outcome={answer.outcome}
      aria-live="assertive"
    >
      <div className="door-answer__body">
        <h2 className="door-answer__heading" ref={heading} tabIndex={-1}>
          {HEADINGS[answer.outcome]}
        </h2>
        {answer.outcome === 'valid' || answer.outcome === 'already' || answer.outcome === 'revoked' ? (
          <Person ticket={answer.ticket} />
        ) : null}
        {answer.outcome === 'valid' && checkedIn ? <p className="door-answer__done">{doorTexts.checkedIn}</p> : null}
        {answer.outcome === 'already' ? (
          <p className="door-answer__note">{doorTexts.alreadyWhen(formatTime(answer.at), answer.deviceName)}</p>
        ) : null}
        {answer.outcome === 'revoked' ? <p className="door-answer__note">{doorTexts.revokedWhy}</p> : null}
        {answer.outcome === 'other-session' ? (
          <p className="door-answer__note">{doorTexts.otherSessionWhy(answer.sessionId)}</p>
        ) : null}
        {answer.outcome === 'forged' ? <p className="door-answer__note">{doorTexts.forgedWhy}</p> : null}
        {askGuardian && answer.ticket ? <Guardians ticket={answer.ticket} onGuardian={onGuardian} /> : null}
      </div>
      <div className="door-actions">
        <button type="button" className="door-button" onClick={onNext}>
          {askGuardian ? doorTexts.notNow : doorTexts.scanNext}
        </button>
      </div>
    </section>
  );
}
