import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, PREFERRED_COUNTRY_CODES, US_STATES } from './countries';
import {
  MAX_AGE,
  MAX_REGISTRANTS,
  registrantSchema,
  registrationMessages,
  registrationRequestSchema,
} from './registration';

const adult = {
  age: 34,
  email: 'lakshmi@example.org',
  firstName: 'Lakshmi',
  lastName: 'Iyer',
  gender: 'Female',
  phone: '+1 (512) 555-0199',
  category: 'Fluent Reading',
  country: 'US',
  zip: '78701',
  state: 'TX',
  city: 'Austin',
};

const minor = {
  ...adult,
  age: 9,
  firstName: 'Arjun',
  gender: 'Male',
  phone: '',
  category: '',
  mothersName: 'Lakshmi Iyer',
  mothersPhone: '512 555 0199',
  fathersName: 'Ravi Iyer',
  fathersPhone: '512 555 0142',
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = registrantSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('registrant rules (SPEC.md §5)', () => {
  it('accepts a complete adult and a complete minor', () => {
    expect(fieldErrors(adult)).toEqual({});
    expect(fieldErrors(minor)).toEqual({});
  });

  it('asks a minor for both parents and their phones', () => {
    const { mothersName, mothersPhone, fathersName, fathersPhone, ...withoutParents } = minor;
    expect(fieldErrors(withoutParents)).toEqual({
      mothersName: 'Required',
      mothersPhone: 'Required',
      fathersName: 'Required',
      fathersPhone: 'Required',
    });
  });

  it('asks an adult for a phone and a category, not for parents', () => {
    expect(fieldErrors({ ...adult, phone: ' ', category: '' })).toEqual({
      phone: 'Phone required',
      category: 'Category required',
    });
  });

  it('treats 17 as a minor and 18 as an adult (SPEC.md §9)', () => {
    expect(Object.keys(fieldErrors({ ...adult, age: 17 }))).toEqual([
      'mothersName',
      'mothersPhone',
      'fathersName',
      'fathersPhone',
    ]);
    expect(fieldErrors({ ...minor, age: 18 })).toEqual({ phone: 'Phone required', category: 'Category required' });
  });

  it('refuses negative, fractional and absurd ages', () => {
    expect(fieldErrors({ ...adult, age: -1 }).age).toBe('Age is required');
    expect(fieldErrors({ ...adult, age: 20.5 }).age).toBe('Age is required');
    expect(fieldErrors({ ...adult, age: '34' }).age).toBe('Age is required');
    expect(fieldErrors({ ...adult, age: 500 }).age).toBe('Age must be 120 or less');
  });

  it('accepts only the two genders and two categories of SPEC.md', () => {
    expect(fieldErrors({ ...adult, gender: 'Other' }).gender).toBe('Gender required');
    expect(fieldErrors({ ...adult, category: 'Singing' }).category).toBeDefined();
  });

  it('needs a known country', () => {
    expect(fieldErrors({ ...adult, country: 'Narnia' }).country).toBe('Country required');
  });

  it("drops the other age group's fields, so a changed age leaves nothing hidden behind", () => {
    const parsedAdult = registrantSchema.parse({ ...adult, mothersName: 'Kept by mistake' });
    expect(parsedAdult.mothersName).toBe('');
    const parsedMinor = registrantSchema.parse({ ...minor, phone: '512 555 0100', category: 'Memorization' });
    expect(parsedMinor).toMatchObject({ phone: '', category: '' });
  });

  it('trims text fields', () => {
    expect(registrantSchema.parse({ ...adult, firstName: '  Lakshmi ', city: ' Austin ' })).toMatchObject({
      firstName: 'Lakshmi',
      city: 'Austin',
    });
  });
});

describe('registration request', () => {
  it('writes out the limits its fixed messages name (a message id cannot take them as values)', () => {
    expect(registrationMessages.ageMax).toBe(`Age must be ${MAX_AGE} or less`);
    expect(registrationMessages.tooManyRegistrants).toBe(`At most ${MAX_REGISTRANTS} registrants per registration`);
    for (const [max, message] of Object.entries(registrationMessages.tooLong)) {
      expect(message).toBe(`At most ${max} characters`);
    }
  });

  it('needs between one and the maximum number of registrants', () => {
    expect(registrationRequestSchema.safeParse({ sessionId: 1, registrants: [] }).success).toBe(false);
    expect(registrationRequestSchema.safeParse({ sessionId: 1, registrants: [adult, minor] }).success).toBe(true);
    const tooMany = Array.from({ length: MAX_REGISTRANTS + 1 }, () => adult);
    expect(registrationRequestSchema.safeParse({ sessionId: 1, registrants: tooMany }).success).toBe(false);
  });

  it('needs the session the family recites at, and waits in line only when asked to', () => {
    const missing = registrationRequestSchema.safeParse({ registrants: [adult] });
    expect(missing.success ? [] : missing.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sessionId', 'Choose where to recite'],
    ]);
    expect(registrationRequestSchema.parse({ sessionId: 3, registrants: [adult] }).ifFull).toBe('refuse');
    expect(registrationRequestSchema.safeParse({ sessionId: 3, ifFull: 'maybe', registrants: [adult] }).success).toBe(
      false,
    );
  });

  it('names the registrant a message belongs to', () => {
    const result = registrationRequestSchema.safeParse({
      sessionId: 1,
      registrants: [adult, { ...minor, fathersName: '' }],
    });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['registrants.1.fathersName', 'Required'],
    ]);
  });
});

describe('places', () => {
  it('lists every preferred country, each code once, and the US states by code', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of PREFERRED_COUNTRY_CODES) expect(countryName(code)).toBeDefined();
    expect(countryName('IN')).toBe('India');
    expect(US_STATES.find((s) => s.code === 'TX')?.name).toBe('Texas');
  });
});
