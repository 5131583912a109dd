/**
 * One registrant as a collapsible card (SPEC.md §2 /registration): an accordion header, headed by
 * the registrant's name once typed or 'Registrant N', a Remove button when there is more than one
 * registrant, and the fields, which swap between the minor and adult ones as the age is typed.
 */
import {
  ADULT_FIELDS,
  GENDER_LABELS,
  GENDERS,
  MAX_AGE,
  PARENT_FIELDS,
  registrationMessages,
} from '@store/shared/registration-rules';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { AdultFields } from './adult-fields';
import { type AgeGroup, ageGroupOf } from './age-group';
import { ParentChoice, SameFamilyChoice } from './family-choices';
import { parentSideOf } from './family-details';
import { LocationFields } from './location-fields';
import { MinorFields } from './minor-fields';
import type { RegistrantFieldFor } from './registrant-field';
import {
  cardHeading,
  type RegistrationData,
  type RegistrationFormValues,
  registrantPath,
} from './registration-form-values';

export type RegistrantCardIds = { toggle: string; panel: string; fields: string };

type RegistrantCardProps = {
  form: UseFormReturn<RegistrationFormValues, unknown, RegistrationData>;
  index: number;
  ids: RegistrantCardIds;
  open: boolean;
  onToggle: () => void;
  /** Absent when this is the only registrant. */
  onRemove?: (() => void) | undefined;
};

/** The fields a group does not show: their errors go when the age moves to the other group. */
const hiddenFieldsOf = (group: AgeGroup | null) =>
  group === 'minor' ? ADULT_FIELDS : group === 'adult' ? PARENT_FIELDS : [...ADULT_FIELDS, ...PARENT_FIELDS];

export function RegistrantCard({ form, index, ids, open, onToggle, onRemove }: RegistrantCardProps) {
  const { i18n } = useLingui();
  const { control, register, trigger, getFieldState, getValues, clearErrors, setValue } = form;
  const [firstName, lastName, age, country] = useWatch({
    control,
    name: [
      registrantPath(index, 'firstName'),
      registrantPath(index, 'lastName'),
      registrantPath(index, 'age'),
      registrantPath(index, 'country'),
    ],
  });
  const [sameFamily, parentIsRegistrant1, firstAge, firstGender] = useWatch({
    control,
    name: [
      `registrants.${index}.sameFamily`,
      `registrants.${index}.parentIsRegistrant1`,
      registrantPath(0, 'age'),
      registrantPath(0, 'gender'),
    ],
  });
  const { errors } = useFormState({ control, name: `registrants.${index}` });
  const registrantErrors = errors.registrants?.[index];
  const group = ageGroupOf(age);
  const autoCompleteSection = `section-${ids.fields}`;
  // Registrant 1 never copies from itself.
  const copiesFamily = index > 0 && sameFamily === true;
  const parentSide = index > 0 ? parentSideOf({ age: firstAge, gender: firstGender }) : null;
  const filledSide = parentSide && parentIsRegistrant1 === true ? parentSide : null;
  const heading = cardHeading({ firstName, lastName, sameFamily }, index);

  const field: RegistrantFieldFor = (fieldName) => {
    const path = registrantPath(index, fieldName);
    // An error once shown follows the field as it is edited; fields without one wait for the next
    // 'Add Another Registrant' or 'Submit' rather than complaining mid-typing.
    const onChange = async () => {
      if (fieldName === 'age') forgetHiddenErrors();
      if (getFieldState(path).error) await trigger(path);
    };
    return {
      ...(fieldName === 'age' ? register(path, { valueAsNumber: true, onChange }) : register(path, { onChange })),
      id: `${ids.fields}-${fieldName}`,
      // The schema's message, or the server's for a field it refused: in the page's language.
      error: shownError(registrantErrors?.[fieldName]?.message),
    };
  };

  function shownError(message: string | undefined): string | undefined {
    return message ? knownText(i18n, message) : undefined;
  }

  /** The age moved to the other group: the fields it hides must not bring old errors back later. */
  function forgetHiddenErrors() {
    const now = ageGroupOf(getValues(registrantPath(index, 'age')));
    if (now === group) return;
    const stale = hiddenFieldsOf(now)
      .map((hidden) => registrantPath(index, hidden))
      .filter((path) => getFieldState(path).error);
    if (stale.length > 0) clearErrors(stale);
  }

  return (
    <div className="registrant-card">
      <div className="registrant-card__header">
        <h2 className="registrant-card__title">
          <button
            type="button"
            id={ids.toggle}
            className="registrant-card__toggle"
            aria-expanded={open}
            aria-controls={ids.panel}
            onClick={onToggle}
          >
            {heading}
          </button>
        </h2>
        {onRemove && (
          // The visible word is SPEC.md's 'Remove'; the name says whom, since every card has one.
          <button
            type="button"
            className="button button--secondary registrant-card__remove"
            aria-label={i18n._('Remove {name}', { name: heading })}
            onClick={onRemove}
          >
            {i18n._(registrationMessages.remove)}
          </button>
        )}
      </div>
      <section id={ids.panel} aria-labelledby={ids.toggle} className="registrant-card__body" hidden={!open}>
        {index > 0 && (
          <SameFamilyChoice form={form} index={index} id={`${ids.fields}-same-family`} checked={copiesFamily} />
        )}
        <LabelledInput
          {...field('age')}
          label={i18n._('Age')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_AGE}
          step={1}
        />
        <LabelledInput
          {...field('email')}
          label={i18n._('Email')}
          type="email"
          autoComplete={`${autoCompleteSection} email`}
          spellCheck={false}
        />
        <LabelledInput
          {...field('firstName')}
          label={i18n._('First Name')}
          autoComplete={`${autoCompleteSection} given-name`}
        />
        {!copiesFamily && (
          <LabelledInput
            {...field('lastName')}
            label={i18n._('Last Name')}
            autoComplete={`${autoCompleteSection} family-name`}
          />
        )}
        <LabelledSelect {...field('gender')} label={i18n._('Gender')}>
          <option value="">{i18n._('Select a gender')}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {i18n._(GENDER_LABELS[gender])}
            </option>
          ))}
        </LabelledSelect>
        {group === 'minor' && (
          <MinorFields
            field={field}
            filledSide={filledSide}
            parentChoice={
              parentSide && (
                <ParentChoice
                  form={form}
                  index={index}
                  id={`${ids.fields}-parent`}
                  side={parentSide}
                  checked={parentIsRegistrant1 === true}
                />
              )
            }
          />
        )}
        {group === 'adult' && <AdultFields field={field} autoCompleteSection={autoCompleteSection} />}
        {!copiesFamily && (
          <LocationFields
            field={field}
            country={country}
            autoCompleteSection={autoCompleteSection}
            onStateKindChange={() => setValue(registrantPath(index, 'state'), '')}
          />
        )}
      </section>
    </div>
  );
}
