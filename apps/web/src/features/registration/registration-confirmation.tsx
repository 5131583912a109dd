import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { shortTicketId } from '@store/shared/ticket-code';
import { useEffect, useId, useRef } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { sessionStart } from './in-page-language';

export const summaryTexts = {
  session: /*i18n*/ 'Session',
  registered: /*i18n*/ 'Registered',
  waiting: /*i18n*/ 'On the waiting list',
  /** `{ticket}`: the ticket's short number (shortTicketId). */
  ticket: /*i18n*/ 'Ticket {ticket}',
  ticketSent: /*i18n*/ 'Ticket sent to {email}',
  waitingPosition: /*i18n*/ 'You are number {position} on the waiting list.',
  whatNext:
    /*i18n*/ 'When places free up, we e-mail an offer to {email}. The offer holds the places for 48 hours: accept it through the link in that e-mail.',
  registerMore: /*i18n*/ 'Register more people',
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
  const { i18n } = useLingui();
  const id = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const { session, people } = answer;
  const waiting = answer.status === 'waiting';
  return (
    <section ref={box} className="notice registration-confirmation" tabIndex={-1} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{i18n._(registrationMessages.confirmationHeading)}</h2>
      <p>{i18n._(registrationMessages.confirmationText, { number: answer.registrationNumber })}</p>
      <p>
        {i18n._(
          answer.confirmationEmailed
            ? registrationMessages.confirmationEmail
            : registrationMessages.confirmationNotEmailed,
          { email: answer.email },
        )}
      </p>
      <h3>{i18n._(summaryTexts.session)}</h3>
      <p className="registration-confirmation__session">
        <strong>{session.centerName}</strong> <span>{session.hall}</span>{' '}
        <time dateTime={session.startsAt}>{sessionStart(session.startsAt, session.timeZone, 'short')}</time>{' '}
        <span>{session.address}</span>
      </p>
      {waiting && answer.waitingPosition !== null && (
        <>
          <p className="registration-confirmation__waiting">
            <strong>{i18n._(summaryTexts.waitingPosition, { position: answer.waitingPosition })}</strong>
          </p>
          <p>{i18n._(summaryTexts.whatNext, { email: answer.email })}</p>
        </>
      )}
      <h3>{i18n._(waiting ? summaryTexts.waiting : summaryTexts.registered)}</h3>
      <ul className="registration-confirmation__people">
        {people.map((person) => (
          <li key={person.position}>
            <span className="registration-confirmation__name">{`${person.firstName} ${person.lastName}`.trim()}</span>{' '}
            {person.ticketId && (
              <span>
                {i18n._(summaryTexts.ticket, { ticket: shortTicketId(person.ticketId) })}
                {answer.confirmationEmailed && ` · ${i18n._(summaryTexts.ticketSent, { email: answer.email })}`}
              </span>
            )}
          </li>
        ))}
      </ul>
      {onRegisterMore && (
        <button type="button" className="button button--secondary" onClick={onRegisterMore}>
          {i18n._(summaryTexts.registerMore)}
        </button>
      )}
    </section>
  );
}
