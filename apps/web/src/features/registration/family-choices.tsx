/**
 * The two choices that spare a family typing the same details again (family-details.ts), each a
 * visible checkbox with what it copied on one line under it. The checkboxes are not registered
 * fields: a new card's focus still goes to its Age, and what is sent is only what they fill in.
 */
import { eventSessionTexts } from '@store/shared/event-session-texts';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { copyFromRegistrant1, FAMILY_FIELDS, familySummary, fullName, type ParentSide } from './family-details';
import { type RegistrationData, type RegistrationFormValues, registrantPath } from './registration-form-values';

type ChoiceProps = {
  form: UseFormReturn<RegistrationFormValues, unknown, RegistrationData>;
  index: number;
  id: string;
  checked: boolean;
};

function setChoice(props: ChoiceProps, choice: 'sameFamily' | 'parentIsRegistrant1', checked: boolean) {
  const { form, index } = props;
  form.setValue(`registrants.${index}.${choice}`, checked);
  if (!checked) return;
  copyFromRegistrant1(form, index);
  // The copied fields are hidden now: an error they showed belonged to what was typed before.
  const hidden =
    choice === 'sameFamily'
      ? FAMILY_FIELDS.map((field) => registrantPath(index, field))
      : (['mothersName', 'mothersPhone', 'fathersName', 'fathersPhone'] as const).map((field) =>
          registrantPath(index, field),
        );
  form.clearErrors(hidden);
}

export function SameFamilyChoice(props: ChoiceProps) {
  const { i18n } = useLingui();
  const { form, id, checked } = props;
  const [lastName, country, state, city, zip] = useWatch({
    control: form.control,
    name: FAMILY_FIELDS.map((field) => registrantPath(0, field)),
  });
  const summaryId = `${id}-summary`;
  return (
    <div className="family-choice">
      <label className="family-choice__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={checked ? summaryId : undefined}
          onChange={(event) => setChoice(props, 'sameFamily', event.target.checked)}
        />
        {i18n._(eventSessionTexts.sameFamily)}
      </label>
      {checked && (
        <p id={summaryId} className="family-choice__summary">
          {familySummary({
            lastName: lastName ?? '',
            country: country ?? '',
            state: state ?? '',
            city: city ?? '',
            zip: zip ?? '',
          })}
        </p>
      )}
    </div>
  );
}

/** Shown on a minor's card while registrant 1 is an adult whose gender says which parent they are. */
export function ParentChoice(props: ChoiceProps & { side: ParentSide }) {
  const { i18n } = useLingui();
  const { form, id, checked, side } = props;
  const [firstName, lastName, phone] = useWatch({
    control: form.control,
    name: [registrantPath(0, 'firstName'), registrantPath(0, 'lastName'), registrantPath(0, 'phone')],
  });
  const summaryId = `${id}-summary`;
  const details = [fullName({ firstName, lastName }), phone?.trim()].filter(Boolean).join(' · ');
  return (
    <div className="family-choice">
      <label className="family-choice__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={checked ? summaryId : undefined}
          onChange={(event) => setChoice(props, 'parentIsRegistrant1', event.target.checked)}
        />
        {i18n._(eventSessionTexts.parentIsRegistrant1)}
      </label>
      {checked && (
        <p id={summaryId} className="family-choice__summary">
          {side === 'mother' ? i18n._('Mother: {details}', { details }) : i18n._('Father: {details}', { details })}
        </p>
      )}
    </div>
  );
}
