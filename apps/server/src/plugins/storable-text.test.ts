/**
 * Text PostgreSQL cannot store (a NUL; a lone surrogate, which has no UTF-8), in any field of any
 * route's body, query string or URL: a 400 naming the field, and nothing written.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutBody, countRows, postCheckout, sandboxNonce } from '../../test/checkout-helpers';
import { adultRegistrant, countRegistrationRows, postRegistration } from '../../test/registration-helpers';
import { signInStaff, staffCall } from '../../test/staff-helpers';
import { describeWithDb } from '../../test/test-db';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describeWithDb('text the database cannot store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const rows = async () => ({
    ...(await countRows(t.testDb.db)),
    ...(await countRegistrationRows(t.testDb.db)),
  });

  it("refuses the issue's checkout, a NUL in customerDetails.cardLastName, naming the field", async () => {
    const before = await rows();
    const body = checkoutBody(await sandboxNonce(t.app));
    body.customerDetails.cardLastName = 'Sm\u0000ith';
    const res = await postCheckout(t.app, { body });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toEqual({
      code: 'validation_error',
      message: 'Invalid request body: customerDetails.cardLastName: must not contain NUL characters',
      fields: { 'customerDetails.cardLastName': 'must not contain NUL characters' },
    });
    // The nonce was issued: only the order, ledger and mail would show a write.
    const after = await rows();
    expect({ ...after, nonces: before.nonces }).toEqual(before);
  });

  it.each(['firstName', 'city', 'zip'] as const)(
    "refuses the issue's registration, a NUL in a registrant's %s, naming the field",
    async (field) => {
      const before = await rows();
      const res = await postRegistration(t.app, {
        body: { registrants: [adultRegistrant(), adultRegistrant({ [field]: 'Fr\u0000isco' })] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toEqual({
        [`registrants.1.${field}`]: 'must not contain NUL characters',
      });
      expect(await rows()).toEqual(before);
    },
  );

  it('refuses a lone surrogate, which would be stored as U+FFFD, naming the field', async () => {
    const before = await rows();
    const res = await postRegistration(t.app, {
      // As a browser's JSON.stringify writes one: an escape, valid JSON.
      body: JSON.stringify({ registrants: [adultRegistrant({ lastName: 'Rao\ud800' })] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual(['registrants.0.lastName']);
    expect(await rows()).toEqual(before);
  });

  it('names a NUL in a field name, and every bad field up to ten', async () => {
    const res = await postRegistration(t.app, {
      body: { registrants: [adultRegistrant({ city: '\u0000', zip: '\u0000' })], 'a\u0000': 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({
      'registrants.0.city': 'must not contain NUL characters',
      'registrants.0.zip': 'must not contain NUL characters',
      '"a\\u0000"': 'the name of this field must not contain NUL characters',
    });
  });

  it('refuses a NUL in a query string and in a URL parameter that reach the database', async () => {
    const staff = await signInStaff(t, 'treasurer');
    const search = await staffCall(t.app, staff, 'GET', '/api/staff/donors?q=Ra%00o');
    expect(search.statusCode).toBe(400);
    expect(search.json<ErrorBody>().error.fields).toEqual({ q: 'must not contain NUL characters' });
    const donor = await staffCall(t.app, staff, 'GET', '/api/staff/donors/a%00b@example.org');
    expect(donor.statusCode).toBe(400);
    expect(donor.json<ErrorBody>().error.message).toBe(
      'Invalid URL parameters: email: must not contain NUL characters',
    );
  });

  it('survives a body nested 20,000 levels deep', async () => {
    const depth = 20_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
    });
    expect(res.statusCode).toBe(400);
    const count = await t.testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from registrations`);
    expect(count.rows[0]?.n).toBe(0);
  });
});
