/**
 * The registrant rules as the registration page's form meets them: a blank registrant (the form's
 * empty values), then an age, then the rest (SPEC.md §5 "Registrant").
 */
import { describe, expect, it } from 'vitest';
import { US_STATES } from './countries';
import { registrantSchema } from './registration';
import { blankRegistrant } from './registration-rules';

/** What the page's form holds before anything is typed. */
const blank = blankRegistrant();

const common = {
  email: 'asha@example.org',
  firstName: 'Asha',
  lastName: 'Rao',
  gender: 'Female',
  country: 'US',
  zip: '78701',
  state: 'TX',
  city: 'Austin',
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = registrantSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const ALL = {
  age: 'Age is required',
  email: 'Invalid email',
  firstName: 'First name required',
  lastName: 'Last name required',
  gender: 'Gender required',
  country: 'Country required',
  zip: 'Zip required',
  state: 'State required',
  city: 'City required',
};

describe('registrant rules (SPEC.md §5)', () => {
  it("a blank registrant gets every 'all' message and nothing that depends on the age", () => {
    expect(fieldErrors(blank)).toEqual(ALL);
  });

  it("an adult's phone and category messages come together with the others", () => {
    const { age: _age, ...rest } = ALL;
    expect(fieldErrors({ ...blank, age: 18 })).toEqual({
      ...rest,
      phone: 'Phone required',
      category: 'Category required',
    });
  });

  it("a minor's four parent messages come together with the others", () => {
    const { age: _age, ...rest } = ALL;
    expect(fieldErrors({ ...blank, age: 17 })).toEqual({
      ...rest,
      mothersName: 'Required',
      mothersPhone: 'Required',
      fathersName: 'Required',
      fathersPhone: 'Required',
    });
  });

  it("takes the form's empty gender and category selects as strings, and answers typed values", () => {
    const adult = registrantSchema.parse({
      ...blank,
      ...common,
      age: 30,
      phone: '+1 512 555 0100',
      category: 'Fluent Reading',
      mothersName: 'left over from a minor',
    });
    expect(adult).toMatchObject({ gender: 'Female', category: 'Fluent Reading', mothersName: '' });
  });

  it('reads fields of the wrong type as empty instead of failing on them', () => {
    expect(fieldErrors({ ...common, age: 40, phone: 5125550100, category: '' })).toMatchObject({
      phone: 'Phone required',
      category: 'Category required',
    });
  });

  it('knows every US state by its USPS code and refuses others in the United States', () => {
    expect(US_STATES.map((s) => s.code)).toContain('DC');
    const adult = { ...common, age: 30, phone: '5125550100', category: 'Memorization' };
    expect(fieldErrors({ ...adult, state: 'Texas' })).toEqual({ state: 'State required' });
    expect(fieldErrors({ ...adult, country: 'IN', state: 'Telangana' })).toEqual({});
  });
});
