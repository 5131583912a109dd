import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { EventDetails } from './event-details';
import { LostLinkForm } from './lost-link-form';
import { RegistrationConfirmation } from './registration-confirmation';
import { RegistrationForm } from './registration-form';
import './registration.css';

/**
 * `/registration` (SPEC.md §2): the event registration form; once stored, what was registered in
 * its place, until "Register more people" gives a fresh form.
 */
export function RegistrationPage() {
  const { i18n } = useLingui();
  const title = i18n._(registrationMessages.title);
  useDocumentTitle(title);
  const [confirmed, setConfirmed] = useState<RegistrationResponse | null>(null);
  return (
    <>
      <h1>{title}</h1>
      <EventDetails />
      {confirmed ? (
        <RegistrationConfirmation
          key={confirmed.registrationNumber}
          answer={confirmed}
          onRegisterMore={() => setConfirmed(null)}
        />
      ) : (
        <RegistrationForm onSubmitting={() => setConfirmed(null)} onRegistered={setConfirmed} />
      )}
      <LostLinkForm />
    </>
  );
}
