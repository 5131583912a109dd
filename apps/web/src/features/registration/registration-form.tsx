/**
 * The event registration (SPEC.md §2 /registration, §4 "Registration", §5 "Registrant"): one card
 * per registrant, 'Add Another Registrant' and 'Submit', validated by the shared schema the server
 * also uses. Unlike the page SPEC.md describes, a valid registration is stored and confirmed.
 */
import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { useId, useMemo, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { UndoNotice } from '#src/components/undo-notice';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { RegistrantCard } from './registrant-card';
import { loadRegistrationSchemas } from './registration-schemas';
import { type PlacesNotice, SessionChoice } from './session-choice';
import { useEventSessions } from './use-event-sessions';
import { useRegistrationForm } from './use-registration-form';
import { useSubmitRegistration } from './use-submit-registration';

type RegistrationFormProps = {
  onSubmitting: () => void;
  onRegistered: (answer: RegistrationResponse) => void;
};

/** A failed warm-up costs nothing: the first check loads the schemas again (or says it could not). */
function warmUpChecks() {
  loadRegistrationSchemas().catch(() => {});
}

export function RegistrationForm({ onSubmitting, onRegistered }: RegistrationFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const registration = useRegistrationForm();
  const { form, fields, openIndex, cardIds, toggleCard, removeRegistrant } = registration;
  const sessions = useEventSessions();
  const sessionField = useController({ control: form.control, name: 'sessionId' });
  const [placesNotice, setPlacesNotice] = useState<PlacesNotice | null>(null);
  // The session whose waiting list the family chose to join after the refusal.
  const waitFor = useRef<number | null>(null);
  const { submit, submitting, submitError } = useSubmitRegistration({
    onSubmitting: () => {
      setPlacesNotice(null);
      onSubmitting();
    },
    onRegistered,
    onFieldErrors: registration.showServerErrors,
    ifFullFor: (sessionId) => {
      const session = sessions.status === 'ready' ? sessions.sessions.find((s) => s.id === sessionId) : undefined;
      return waitFor.current === sessionId || session?.availability === 'full' ? 'waitlist' : 'refuse';
    },
    onNotEnoughPlaces: (sessionId, message) => {
      setPlacesNotice({ sessionId, message });
      // The family may choose again: among the places left now.
      sessions.refresh();
    },
  });
  const checkAndSubmit = () => {
    registration.copyFamilyDetails();
    return form.handleSubmit(submit, registration.showInvalid)();
  };
  // isSubmitting covers the checks before the request; `submitting` the request itself, even
  // when an extra click's handleSubmit has already finished.
  const busy = submitting || form.formState.isSubmitting;
  const submitErrorId = `${id}-submit-error`;
  // This component is drawn again whenever react-hook-form's form state changes: at once after
  // hydrating (useForm marks the form ready from a layout effect, a synchronous update), and on
  // every submit. The cards subscribe to their own fields and errors, so they are drawn again only
  // when the list or the open card changes: re-drawing every card and its 259-country select right
  // after hydrating was one long task on a phone (Lighthouse's TBT on /registration).
  const cards = useMemo(
    () =>
      fields.map((field, index) => (
        <RegistrantCard
          key={field.id}
          form={form}
          index={index}
          ids={cardIds(index)}
          open={openIndex === index}
          onToggle={() => toggleCard(index)}
          onRemove={fields.length > 1 ? () => removeRegistrant(index) : undefined}
        />
      )),
    [fields, form, cardIds, openIndex, toggleCard, removeRegistrant],
  );
  // The request's failure, or the checks' own (registration-schemas.ts: they could not be loaded).
  // A refusal for want of places is told at the session choice, with what the family can do.
  // In English from the hook, the schemas and the server; shown in the page's language (knownText).
  const failure = placesNotice ? undefined : (submitError ?? form.formState.errors.root?.message);
  const shownError = failure ? knownText(i18n, failure) : undefined;

  return (
    <form
      className="registration-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void checkAndSubmit();
      }}
      // The visitor turns to the form: load its checks now, so Add and Submit need not wait for them.
      onFocus={warmUpChecks}
      onPointerDown={warmUpChecks}
    >
      <SessionChoice
        id={registration.sessionChoiceId}
        sessions={sessions}
        selected={sessionField.field.value}
        onSelect={(sessionId) => {
          sessionField.field.onChange(sessionId);
          // Chosen now: 'Choose where to recite' has been answered.
          if (sessionField.fieldState.error) form.clearErrors('sessionId');
          if (placesNotice && placesNotice.sessionId !== sessionId) setPlacesNotice(null);
        }}
        inputRef={sessionField.field.ref}
        error={sessionField.fieldState.error?.message}
        notice={placesNotice}
        busy={busy}
        onJoinWaitingList={() => {
          waitFor.current = placesNotice?.sessionId ?? null;
          void checkAndSubmit();
        }}
      />
      {cards}
      <UndoNotice removed={registration.removed} onUndo={registration.undoRemove} />
      <div className="registration-form__actions">
        {registration.canAdd ? (
          <button type="button" className="button button--secondary" onClick={registration.addRegistrant}>
            {i18n._(registrationMessages.addAnother)}
          </button>
        ) : (
          <p className="fieldset__note">{i18n._(registrationMessages.tooManyRegistrants)}</p>
        )}
        <button
          type="submit"
          className="button button--large"
          disabled={busy}
          aria-describedby={shownError ? submitErrorId : undefined}
        >
          {i18n._(busy ? registrationMessages.submitting : registrationMessages.submit)}
        </button>
      </div>
      {shownError && (
        <p id={submitErrorId} role="alert" className="registration-form__error">
          {shownError}
        </p>
      )}
    </form>
  );
}
