/**
 * The registration form's state (SPEC.md §4 "Registration"): the registrants (react-hook-form's
 * field array, checked by the shared schema), the accordion's one open card, the last removed
 * registrant (for Undo), and where focus goes after Add, Remove, Undo, a refused submit or the
 * server's field errors.
 */
import { MAX_REGISTRANTS } from '@store/shared/registration-rules';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { copyFromRegistrant1ToAll, FAMILY_FIELDS } from './family-details';
import { openIndexAfterInsert, openIndexAfterRemove } from './open-card';
import type { RegistrantCardIds } from './registrant-card';
import {
  blankRegistrant,
  cardHeading,
  formPathOf,
  REGISTRANT_FIELDS,
  type RegistrationData,
  type RegistrationFormValues,
  registrantPath,
} from './registration-form-values';
import { registrationResolver } from './registration-schemas';

/**
 * Focus to move once the page has drawn: a card's first invalid field (in the page's order, among
 * the named fields), or a card's header. The invalid fields are named rather than found by their
 * aria-invalid: the card may open in an earlier render than the one that draws its errors.
 */
type FocusRequest =
  | { kind: 'first-error'; panelId: string; names: readonly string[] }
  | { kind: 'header'; toggleId: string };

/**
 * A removed registrant and everything typed for them: a slip of the finger on Remove must not cost
 * a family's details. `name` is what their card was headed.
 */
export type RemovedRegistrant = {
  name: string;
  index: number;
  values: RegistrationFormValues['registrants'][number];
  wasOpen: boolean;
};

export function useRegistrationForm() {
  const formId = useId();
  const form = useForm<RegistrationFormValues, unknown, RegistrationData>({
    resolver: registrationResolver,
    // The first age starts unset rather than NaN: react-hook-form writes a set default into the
    // input as it registers it, and the pre-rendered number input, already on screen while the page
    // hydrates, logs a console warning for "NaN". Unset, the form reads the empty input instead,
    // which valueAsNumber makes NaN all the same.
    defaultValues: { registrants: [{ ...blankRegistrant(), age: undefined }] },
    mode: 'onSubmit',
    // A shown error follows its field as it is edited (see RegistrantCard); everything is checked
    // again on the next Add or Submit.
    reValidateMode: 'onSubmit',
    // The first invalid field may sit in a closed card: the card opens first, then focus moves.
    shouldFocusError: false,
  });
  const { fields, append, insert, remove } = useFieldArray({ control: form.control, name: 'registrants' });
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const [removed, setRemoved] = useState<RemovedRegistrant | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const adding = useRef(false);

  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.kind === 'header') return void document.getElementById(focusRequest.toggleId)?.focus();
    const panel = document.getElementById(focusRequest.panelId);
    const controls = panel ? Array.from(panel.querySelectorAll<HTMLElement>('input, select, textarea')) : [];
    controls.find((control) => focusRequest.names.includes(control.getAttribute('name') ?? ''))?.focus();
  }, [focusRequest]);

  // By position, not by react-hook-form's field ids: those are random, so the pre-rendered page's
  // ids would differ from the hydrating render's. Focus requests are resolved after the render that
  // renumbers the cards, so a removal's shift is seen by them.
  // cardIds, toggleCard and removeRegistrant keep their identity between renders: the form memoises
  // its cards on them (registration-form.tsx).
  const sessionChoiceId = `${formId}-session`;
  const cardIds = useCallback(
    (index: number): RegistrantCardIds => ({
      toggle: `${formId}-${index}-toggle`,
      panel: `${formId}-${index}-panel`,
      fields: `${formId}-${index}`,
    }),
    [formId],
  );

  /** Opens a card with errors and moves focus to its first invalid field. */
  function openWithErrors(index: number) {
    setOpenIndex(index);
    // getFieldState reads the form's current errors (formState is the last render's).
    const names = REGISTRANT_FIELDS.map((field) => registrantPath(index, field)).filter(
      (path) => form.getFieldState(path).invalid,
    );
    if (index < fields.length) setFocusRequest({ kind: 'first-error', panelId: cardIds(index).panel, names });
  }

  /**
   * SPEC.md §4: validates the first registrant; a new one keeps its email and becomes the open card.
   * It also starts with "Same family details as registrant 1" ticked, their surname and address copied.
   */
  async function addRegistrant() {
    if (adding.current || fields.length >= MAX_REGISTRANTS) return;
    adding.current = true;
    try {
      if (!(await form.trigger('registrants.0'))) return openWithErrors(0);
      // append() moves focus to the new card's first field once it is drawn, open.
      const first = form.getValues('registrants.0');
      const family = Object.fromEntries(FAMILY_FIELDS.map((field) => [field, first[field]]));
      append({ ...blankRegistrant(first.email), ...family, sameFamily: true, parentIsRegistrant1: false });
      setOpenIndex(fields.length);
      // Undo puts a registrant back where it was; after an Add that place is no longer clear.
      setRemoved(null);
    } finally {
      adding.current = false;
    }
  }

  // Focus goes to Undo (UndoNotice): the Remove that was pressed has gone with its card.
  const removeRegistrant = useCallback(
    (index: number) => {
      if (fields.length <= 1) return;
      const values = { ...form.getValues(`registrants.${index}`) };
      setRemoved({
        name: cardHeading(values, index),
        index,
        values,
        wasOpen: openIndex === index,
      });
      remove(index);
      setOpenIndex(openIndexAfterRemove(openIndex, index, fields.length - 1));
    },
    [fields.length, openIndex, remove, form],
  );

  /** Puts the last removed registrant back in their place, as they were, and focuses their card. */
  function undoRemove() {
    if (!removed || fields.length >= MAX_REGISTRANTS) return;
    const index = Math.min(removed.index, fields.length);
    insert(index, removed.values, { shouldFocus: false });
    setOpenIndex(removed.wasOpen ? index : openIndexAfterInsert(openIndex, index));
    setRemoved(null);
    setFocusRequest({ kind: 'header', toggleId: cardIds(index).toggle });
  }

  const toggleCard = useCallback((index: number) => {
    setOpenIndex((open) => (open === index ? null : index));
  }, []);

  /**
   * Submit found errors: the first card that has one opens, with focus on its first invalid field, or
   * on the session choice when that is missing (it comes first on the page).
   */
  function showInvalid(errors: FieldErrors<RegistrationFormValues>) {
    const index = fields.findIndex((_, i) => errors.registrants?.[i] !== undefined);
    if (index >= 0) openWithErrors(index);
    // While the sessions are not on the page (loading, or could not be read) the card keeps focus.
    const sessionShown = document.getElementById(sessionChoiceId)?.querySelector('input[name="sessionId"]');
    if (errors.sessionId && sessionShown) {
      setFocusRequest({ kind: 'first-error', panelId: sessionChoiceId, names: ['sessionId'] });
    }
  }

  /** Registrant 1's details, copied again where a family choice asks for them: they may have been edited since. */
  function copyFamilyDetails() {
    copyFromRegistrant1ToAll(form);
  }

  /** The server refused fields (400): shown at their inputs like the form's own errors. */
  function showServerErrors(fieldErrors: Readonly<Record<string, string>>) {
    const targets = Object.entries(fieldErrors).flatMap(([serverPath, message]) => {
      const target = formPathOf(serverPath, fields.length);
      return target ? [{ ...target, message }] : [];
    });
    for (const { index, path, message } of targets) {
      // A refused copy must be seen to be corrected: its card shows the fields again.
      const field = path.slice(path.lastIndexOf('.') + 1);
      if (index > 0 && FAMILY_FIELDS.some((name) => name === field))
        form.setValue(`registrants.${index}.sameFamily`, false);
      if (index > 0 && /^(mothers|fathers)/.test(field))
        form.setValue(`registrants.${index}.parentIsRegistrant1`, false);
      form.setError(path, { type: 'server', message });
    }
    if (targets.length > 0) openWithErrors(Math.min(...targets.map((target) => target.index)));
  }

  return {
    form,
    fields,
    openIndex,
    cardIds,
    canAdd: fields.length < MAX_REGISTRANTS,
    addRegistrant,
    removeRegistrant,
    removed,
    undoRemove,
    toggleCard,
    showInvalid,
    showServerErrors,
    copyFamilyDetails,
    sessionChoiceId,
  };
}
