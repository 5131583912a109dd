/**
 * Bad requests to POST /api/public/registrations: 400 (or 413 / 415) naming every field to fix with
 * SPEC.md §5's messages, the same the page shows, and nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { MAX_REGISTRANTS, registrationMessages as m } from '@store/shared/registration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  adultRegistrant,
  countRegistrationRows,
  minorRegistrant,
  postRegistration,
} from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('POST /api/public/registrations refuses bad requests, storing nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  async function expectRefused(
    res: Awaited<ReturnType<typeof postRegistration>>,
    status: number,
    code: string,
    before: Awaited<ReturnType<typeof countRegistrationRows>>,
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
  }

  it.each([
    [
      'every field of an adult wrong or missing (SPEC.md §5, all and adult)',
      {
        sessionId: 1,
        registrants: [
          {
            age: 30,
            email: 'not-an-email',
            firstName: ' ',
            lastName: '',
            gender: 'Other',
            phone: '',
            category: '',
            country: 'Narnia',
            zip: '',
            state: '',
            city: '',
          },
        ],
      },
      {
        'registrants.0.email': m.email,
        'registrants.0.firstName': m.firstName,
        'registrants.0.lastName': m.lastName,
        'registrants.0.gender': m.gender,
        'registrants.0.country': m.country,
        'registrants.0.zip': m.zip,
        'registrants.0.state': m.state,
        'registrants.0.city': m.city,
        'registrants.0.phone': m.phone,
        'registrants.0.category': m.category,
      },
    ],
    [
      'a minor without parents (SPEC.md §5, minor)',
      {
        sessionId: 1,
        registrants: [
          minorRegistrant({ mothersName: '', mothersPhone: undefined, fathersName: ' ', fathersPhone: '' }),
        ],
      },
      {
        'registrants.0.mothersName': m.parentField,
        'registrants.0.mothersPhone': m.parentField,
        'registrants.0.fathersName': m.parentField,
        'registrants.0.fathersPhone': m.parentField,
      },
    ],
    [
      'no age (the page sends a number; anything else reads "Age is required")',
      {
        sessionId: 1,
        registrants: [adultRegistrant({ age: '30' as unknown as number }), minorRegistrant({ age: -1 })],
      },
      { 'registrants.0.age': m.age, 'registrants.1.age': m.age },
    ],
    [
      'a fractional age, and one above the maximum',
      { sessionId: 1, registrants: [adultRegistrant({ age: 30.5 }), adultRegistrant({ age: 121 })] },
      { 'registrants.0.age': m.age, 'registrants.1.age': m.ageMax },
    ],
    [
      'the second registrant wrong, the first right',
      {
        sessionId: 1,
        registrants: [adultRegistrant(), adultRegistrant({ phone: '' }), minorRegistrant({ fathersName: '' })],
      },
      { 'registrants.1.phone': m.phone, 'registrants.2.fathersName': m.parentField },
    ],
    [
      'a phone that is not a phone number',
      { sessionId: 1, registrants: [adultRegistrant({ phone: 'call me' }), minorRegistrant({ mothersPhone: '12' })] },
      { 'registrants.0.phone': m.phoneFormat, 'registrants.1.mothersPhone': m.phoneFormat },
    ],
    [
      'a US state that is not one',
      { sessionId: 1, registrants: [adultRegistrant({ state: 'Texas' })] },
      { 'registrants.0.state': m.state },
    ],
    [
      'too long a name',
      { sessionId: 1, registrants: [adultRegistrant({ lastName: 'x'.repeat(101) })] },
      {
        'registrants.0.lastName': m.tooLong[100],
      },
    ],
    ['no registrants', { sessionId: 1, registrants: [] }, { registrants: m.noRegistrants }],
    [
      'more registrants than allowed',
      { sessionId: 1, registrants: Array.from({ length: MAX_REGISTRANTS + 1 }, () => adultRegistrant()) },
      { registrants: m.tooManyRegistrants },
    ],
    ['no registrants list', { sessionId: 1, people: [adultRegistrant()] }, { registrants: expect.any(String) }],
    [
      'registrants that are not a list',
      { sessionId: 1, registrants: adultRegistrant() },
      { registrants: expect.any(String) },
    ],
    [
      'a registrant that is not an object',
      { sessionId: 1, registrants: ['Asha Rao'] },
      { 'registrants.0': expect.any(String) },
    ],
  ])('%s: 400 naming the fields', async (_name, body, fields) => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await postRegistration(t.app, { body });
    await expectRefused(res, 400, 'validation_error', before);
    expect(res.json().error.fields).toEqual(fields);
    expect(res.json().error.message).toMatch(/^Invalid request body: registrants/);
  });

  it.each([
    ['missing', null],
    ['not a UUID', 'attempt-1'],
  ])('refuses an Idempotency-Key that is %s, naming the header', async (_name, key) => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await postRegistration(t.app, { body: { sessionId: 1, registrants: [adultRegistrant()] }, key });
    await expectRefused(res, 400, 'validation_error', before);
    expect(res.json().error.fields).toEqual({ 'idempotency-key': 'Idempotency-Key must be a UUID' });
  });

  it('refuses a body that is not JSON: 400', async () => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: '{"registrants": [',
    });
    await expectRefused(res, 400, 'bad_request', before);
    expect(res.json().error.message).toBe('The request body is not valid JSON.');
  });

  it('refuses another content type: 415', async () => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'registrants=Asha',
    });
    await expectRefused(res, 415, 'unsupported_media_type', before);
  });

  it('refuses no body at all: 400', async () => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      headers: { 'idempotency-key': randomUUID() },
    });
    await expectRefused(res, 400, 'validation_error', before);
  });

  it('refuses a body over the size limit: 413', async () => {
    const before = await countRegistrationRows(t.testDb.db);
    const huge = { sessionId: 1, registrants: [adultRegistrant({ city: 'x'.repeat(300 * 1024) })] };
    const res = await postRegistration(t.app, { body: huge });
    await expectRefused(res, 413, 'payload_too_large', before);
  });
});
