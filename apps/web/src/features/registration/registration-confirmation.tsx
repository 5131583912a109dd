import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { formatSessionStart } from '@store/shared/session-time';
import { shortTicketId } from '@store/shared/ticket-code';
import { useEffect, useId, useRef } from 'react';

export const summaryTexts = {
  session: 'Session',
  registered: 'Registered',
  waiting: 'On the waiting list',
  ticket: (ticketId: string) => `Ticket ${shortTicketId(ticketId)}`,
  ticketSent: (email: string) => `Ticket sent to ${email}`,
  waitingPosition: (position: number) => `You are number ${position} on the waiting list.`,
  whatNext: (email: string) =>
    `When places free up, we e-mail an offer to ${email}. The offer holds the places for 48 hours: accept it through the link in that e-mail.`,
  registerMore: 'Register more people',
} as const;

/** The ticket's first eight characters: enough to tell a family's tickets apart on a phone. */
type RegistrationConfirmationProps = {
  answer: RegistrationResponse;
  /** Back to a fresh form, for another family. */
  onRegisterMore?: () => void;
};

/**
 * What the visitor sees once the server stored the registration: its number, where the
 * confirmation went, the session, and who was registered with their tickets (or the family's place
 * on the waiting list and what happens next). Focus moves here so a screen reader reads it at once.
 */
export function RegistrationConfirmation({ answer, onRegisterMore }: RegistrationConfirmationProps) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const { session, people } = answer;
  const waiting = answer.status === 'waiting';
  return (
    <section ref={box} className="notice registration-confirmation" tabIndex={-1} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{registrationMessages.confirmationHeading}</h2>
      <p>{registrationMessages.confirmationText(answer.registrationNumber)}</p>
      <p>
        {answer.confirmationEmailed
          ? registrationMessages.confirmationEmail(answer.email)
          : registrationMessages.confirmationNotEmailed(answer.email)}
      </p>
      <h3>{summaryTexts.session}</h3>
      <p className="registration-confirmation__session">
        <strong>{session.centerName}</strong> <span>{session.hall}</span>{' '}
        <time dateTime={session.startsAt}>{formatSessionStart(session.startsAt, session.timeZone, 'short')}</time>{' '}
        <span>{session.address}</span>
      </p>
      {waiting && answer.waitingPosition !== null && (
        <>
          <p className="registration-confirmation__waiting">
            <strong>{summaryTexts.waitingPosition(answer.waitingPosition)}</strong>
          </p>
          <p>{summaryTexts.whatNext(answer.email)}</p>
        </>
      )}
      <h3>{waiting ? summaryTexts.waiting : summaryTexts.registered}</h3>
      <ul className="registration-confirmation__people">
        {people.map((person) => (
          <li key={person.position}>
            <span className="registration-confirmation__name">{`${person.firstName} ${person.lastName}`.trim()}</span>{' '}
            {person.ticketId && (
              <span>
                {summaryTexts.ticket(person.ticketId)}
                {answer.confirmationEmailed && ` · ${summaryTexts.ticketSent(answer.email)}`}
              </span>
            )}
          </li>
        ))}
      </ul>
      {onRegisterMore && (
        <button type="button" className="button button--secondary" onClick={onRegisterMore}>
          {summaryTexts.registerMore}
        </button>
      )}
    </section>
  );
}
