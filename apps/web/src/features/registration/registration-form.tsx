/**
 * The event registration (SPEC.md §2 /registration, §4 "Registration", §5 "Registrant"): one card
 * per registrant, 'Add Another Registrant' and 'Submit', validated by the shared schema the server
 * also uses. Unlike the page SPEC.md describes, a valid registration is stored and confirmed.
 */
import type { RegistrationResponse } from '@store/shared/registration';
import { MAX_REGISTRANTS, registrationMessages } from '@store/shared/registration-rules';
import { useId, useMemo } from 'react';
import { UndoNotice } from '#src/components/undo-notice';
import { RegistrantCard } from './registrant-card';
import { loadRegistrationSchemas } from './registration-schemas';
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
  const id = useId();
  const registration = useRegistrationForm();
  const { form, fields, openIndex, cardIds, toggleCard, removeRegistrant } = registration;
  const { submit, submitting, submitError } = useSubmitRegistration({
    onSubmitting,
    onRegistered: (answer) => {
      registration.startOver();
      onRegistered(answer);
    },
    onFieldErrors: registration.showServerErrors,
  });
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
  const shownError = submitError ?? form.formState.errors.root?.message;

  return (
    <form
      className="registration-form"
      noValidate
      onSubmit={form.handleSubmit(submit, registration.showInvalid)}
      // The visitor turns to the form: load its checks now, so Add and Submit need not wait for them.
      onFocus={warmUpChecks}
      onPointerDown={warmUpChecks}
    >
      {cards}
      <UndoNotice removed={registration.removed} onUndo={registration.undoRemove} />
      <div className="registration-form__actions">
        {registration.canAdd ? (
          <button type="button" className="button button--secondary" onClick={registration.addRegistrant}>
            {registrationMessages.addAnother}
          </button>
        ) : (
          <p className="fieldset__note">{registrationMessages.tooManyRegistrants(MAX_REGISTRANTS)}</p>
        )}
        <button
          type="submit"
          className="button button--large"
          disabled={busy}
          aria-describedby={shownError ? submitErrorId : undefined}
        >
          {busy ? registrationMessages.submitting : registrationMessages.submit}
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
