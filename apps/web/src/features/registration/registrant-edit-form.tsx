/**
 * Editing one registrant on the family's page, under the form's own rules: the shared
 * registrantSchema checks it here first (the same messages, word for word), and the server checks
 * it again and names any field it refuses.
 */
import { type FamilyPerson, familyTexts } from '@store/shared/family-registration';
import type { RegistrantInput } from '@store/shared/registration';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  GENDER_LABELS,
  GENDERS,
  isMinor,
  registrationMessages,
} from '@store/shared/registration-rules';
import { type FormEvent, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { countryOptions } from './in-page-language';
import type { ChangeOutcome } from './use-family';

type Values = Omit<RegistrantInput, 'age'> & { age: string };

function valuesOf(person: FamilyPerson): Values {
  const { position: _p, cancelled: _c, ticketId: _t, age, ...rest } = person;
  return { ...rest, age: String(age) };
}

function inputOf(values: Values): RegistrantInput {
  return { ...values, age: values.age.trim() === '' ? Number.NaN : Number(values.age) };
}

type RegistrantEditFormProps = {
  person: FamilyPerson;
  busy: boolean;
  onSave: (input: RegistrantInput) => Promise<ChangeOutcome>;
  onDone: () => void;
};

export function RegistrantEditForm({ person, busy, onSave, onDone }: RegistrantEditFormProps) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<Values>(() => valuesOf(person));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = (field: string) => `edit-${person.position}-${field}`;
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const age = Number(values.age);
  const minor = values.age.trim() !== '' && Number.isInteger(age) && isMinor(age);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { registrantSchema } = await import('@store/shared/registration');
    const parsed = registrantSchema.safeParse(inputOf(values));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= issue.message;
      }
      setErrors(found);
      setFailure(null);
      return;
    }
    const outcome = await onSave(inputOf(values));
    if (outcome.ok) onDone();
    else {
      setErrors(outcome.fields);
      setFailure(Object.keys(outcome.fields).length === 0 ? outcome.message : null);
    }
  }

  // The schema's messages and the server's refusals, in the page's language where they are ours.
  const errorOf = (field: keyof Values) => {
    const message = errors[field];
    return message ? knownText(i18n, message) : undefined;
  };

  const text = (field: keyof Values, label: string, type = 'text') => (
    <LabelledInput
      id={id(field)}
      label={label}
      type={type}
      value={values[field] ?? ''}
      onChange={set(field)}
      error={errorOf(field)}
    />
  );

  return (
    <form
      className="registrant-edit"
      onSubmit={submit}
      noValidate
      aria-label={i18n._('Edit details: {name}', { name: person.firstName })}
    >
      {text('age', i18n._('Age'), 'number')}
      {text('email', i18n._('Email'), 'email')}
      {text('firstName', i18n._('First name'))}
      {text('lastName', i18n._('Last name'))}
      <LabelledSelect
        id={id('gender')}
        label={i18n._('Gender')}
        value={values.gender}
        onChange={set('gender')}
        error={errorOf('gender')}
      >
        <option value="">{i18n._('Select')}</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {i18n._(GENDER_LABELS[g])}
          </option>
        ))}
      </LabelledSelect>
      {minor ? (
        <>
          {text('mothersName', i18n._("Mother's name"))}
          {text('mothersPhone', i18n._("Mother's phone"), 'tel')}
          {text('fathersName', i18n._("Father's name"))}
          {text('fathersPhone', i18n._("Father's phone"), 'tel')}
        </>
      ) : (
        <>
          {text('phone', i18n._('Phone'), 'tel')}
          <LabelledSelect
            id={id('category')}
            label={i18n._('Category')}
            value={values.category ?? ''}
            onChange={set('category')}
            error={errorOf('category')}
          >
            <option value="">{i18n._('Select')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {i18n._(CATEGORY_LABELS[c])}
              </option>
            ))}
          </LabelledSelect>
        </>
      )}
      <LabelledSelect
        id={id('country')}
        label={i18n._('Country')}
        value={values.country}
        onChange={set('country')}
        error={errorOf('country')}
      >
        <option value="">{i18n._('Select')}</option>
        {countryOptions().map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </LabelledSelect>
      {text('state', i18n._('State'))}
      {text('city', i18n._('City'))}
      {text('zip', i18n._('Zip'))}
      {failure && (
        <p role="alert" className="notice notice--error">
          {knownText(i18n, failure)}
        </p>
      )}
      <div className="family-actions">
        <button type="submit" className="button" disabled={busy}>
          {i18n._(busy ? registrationMessages.submitting : familyTexts.save)}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {i18n._(familyTexts.discard)}
        </button>
      </div>
    </form>
  );
}
