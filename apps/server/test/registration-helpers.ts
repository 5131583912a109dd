/**
 * Helpers for registration API tests: registrants that pass the shared schema, the call with its
 * Idempotency-Key, and row counts to prove nothing was stored.
 */
import { randomUUID } from 'node:crypto';
import type { RegistrantInput } from '@store/shared/registration';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '#src/db/client';

export function adultRegistrant(overrides: Partial<RegistrantInput> = {}): RegistrantInput {
  return {
    age: 42,
    email: 'asha@example.org',
    firstName: 'Asha',
    lastName: 'Rao',
    gender: 'Female',
    phone: '512 555 0100',
    category: 'Memorization',
    country: 'US',
    state: 'TX',
    city: 'Frisco',
    zip: '75034',
    ...overrides,
  };
}

export function minorRegistrant(overrides: Partial<RegistrantInput> = {}): RegistrantInput {
  return {
    age: 9,
    email: 'asha@example.org',
    firstName: 'Anu',
    lastName: 'Rao',
    gender: 'Female',
    mothersName: 'Asha Rao',
    mothersPhone: '512 555 0100',
    fathersName: 'Ravi Rao',
    fathersPhone: '512 555 0101',
    country: 'US',
    state: 'TX',
    city: 'Frisco',
    zip: '75034',
    ...overrides,
  };
}

export type RegistrationCall = {
  body: unknown;
  /** undefined: a fresh UUID; null: no header. */
  key?: string | null;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

export function postRegistration(app: FastifyInstance, call: RegistrationCall): Promise<LightMyRequestResponse> {
  const key = call.key === undefined ? randomUUID() : call.key;
  return app.inject({
    method: 'POST',
    url: '/api/public/registrations',
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...call.headers },
    payload: call.body as object,
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
}

export type RegistrationRowCounts = { registrations: number; registrants: number; mail: number };

/** Row counts of the tables a registration writes. */
export async function countRegistrationRows(db: Database): Promise<RegistrationRowCounts> {
  const result = await db.execute<RegistrationRowCounts>(sql`
    select (select count(*) from registrations)::int as registrations,
           (select count(*) from registrants)::int as registrants,
           (select count(*) from mail_outbox)::int as mail`);
  const row = result.rows[0];
  if (!row) throw new Error('no counts');
  return { ...row };
}
