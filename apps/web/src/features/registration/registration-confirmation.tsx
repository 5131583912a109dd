import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { useEffect, useId, useRef } from 'react';

/**
 * What the visitor sees once the server stored the registration: its number, and where the
 * confirmation e-mail went. Focus moves here so a screen reader reads it at once.
 */
export function RegistrationConfirmation({ answer }: { answer: RegistrationResponse }) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <section ref={box} className="notice registration-confirmation" tabIndex={-1} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{registrationMessages.confirmationHeading}</h2>
      <p>{registrationMessages.confirmationText(answer.registrationNumber)}</p>
      <p>
        {answer.confirmationEmailed
          ? registrationMessages.confirmationEmail(answer.email)
          : registrationMessages.confirmationNotEmailed(answer.email)}
      </p>
    </section>
  );
}
