/**
 * Editing one registrant on the family's page, under the form's own rules: the shared
 * registrantSchema checks it here first (the same messages, word for word), and the server checks
 * it again and names any field it refuses.
 */
import { COUNTRIES } from '@store/shared/countries';
import { type FamilyPerson, familyTexts } from '@store/shared/family-registration';
import type { RegistrantInput } from '@store/shared/registration';
import { CATEGORIES, GENDERS, isMinor, registrationMessages } from '@store/shared/registration-rules';
import { type FormEvent, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
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

  const text = (field: keyof Values, label: string, type = 'text') => (
    <LabelledInput
      id={id(field)}
      label={label}
      type={type}
      value={values[field] ?? ''}
      onChange={set(field)}
      error={errors[field]}
    />
  );

  return (
    <form
      className="registrant-edit"
      onSubmit={submit}
      noValidate
      aria-label={`${familyTexts.edit}: ${person.firstName}`}
    >
      {text('age', 'Age', 'number')}
      {text('email', 'Email', 'email')}
      {text('firstName', 'First name')}
      {text('lastName', 'Last name')}
      <LabelledSelect
        id={id('gender')}
        label="Gender"
        value={values.gender}
        onChange={set('gender')}
        error={errors.gender}
      >
        <option value="">Select</option>
        {GENDERS.map((g) => (
          <option key={g}>{g}</option>
        ))}
      </LabelledSelect>
      {minor ? (
        <>
          {text('mothersName', "Mother's name")}
          {text('mothersPhone', "Mother's phone", 'tel')}
          {text('fathersName', "Father's name")}
          {text('fathersPhone', "Father's phone", 'tel')}
        </>
      ) : (
        <>
          {text('phone', 'Phone', 'tel')}
          <LabelledSelect
            id={id('category')}
            label="Category"
            value={values.category ?? ''}
            onChange={set('category')}
            error={errors.category}
          >
            <option value="">Select</option>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </LabelledSelect>
        </>
      )}
      <LabelledSelect
        id={id('country')}
        label="Country"
        value={values.country}
        onChange={set('country')}
        error={errors.country}
      >
        <option value="">Select</option>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </LabelledSelect>
      {text('state', 'State')}
      {text('city', 'City')}
      {text('zip', 'Zip')}
      {failure && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}
      <div className="family-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? registrationMessages.submitting : familyTexts.save}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {familyTexts.discard}
        </button>
      </div>
    </form>
  );
}
