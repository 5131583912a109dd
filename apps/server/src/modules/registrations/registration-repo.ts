/** The registrations table's writes, the read a repeated Idempotency-Key is answered from, and the people of registrations. */
import type { Locale } from '@store/shared/i18n/locales';
import type { Registrant } from '@store/shared/registration';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { users } from '#src/modules/auth/tables';
import type { StoredRegistrant } from './registrant-format';
import { registrants, registrations } from './tables';

export type Registration = typeof registrations.$inferSelect;

/** A database or a transaction (`db.transaction(async (tx) => …)`): both have these methods. */
export type RegistrationDb = Pick<Database, 'insert' | 'select'>;

export type NewRegistration = {
  idempotencyKey: string;
  requestHash: string;
  email: string;
  userId: string | null;
  clientIp: string | null;
  confirmationEmailed: boolean;
  /** Where the whole family recites. */
  sessionId: number;
  /** The language the family registered in (its mails are written in it). */
  locale: Locale;
};

/**
 * Inserts the registration, or returns null when its Idempotency-Key is taken. The unique key
 * decides, in the database, which of many simultaneous requests with one key stores anything: the
 * others wait for the winner's transaction and then find its row.
 */
export async function insertRegistration(db: RegistrationDb, values: NewRegistration): Promise<Registration | null> {
  const [registration] = await db
    .insert(registrations)
    .values({
      ...values,
      // An account deleted while its owner was registering must not fail the registration (a foreign
      // key violation, 500): the link is simply not made, as `on delete set null` would have done.
      userId:
        values.userId === null ? null : sql`(select ${users.id} from ${users} where ${users.id} = ${values.userId})`,
    })
    .onConflictDoNothing({ target: registrations.idempotencyKey })
    .returning();
  return registration ?? null;
}

/**
 * The people of one registration, in the form's order (position 1, 2, ...). Fields of the other age
 * group arrive as '' from the schema and are stored as NULL: "not applicable", not "left blank".
 */
export async function insertRegistrants(
  db: RegistrationDb,
  registrationId: string,
  people: readonly Registrant[],
): Promise<StoredRegistrant[]> {
  const orNull = (value: string) => (value === '' ? null : value);
  const rows = await db
    .insert(registrants)
    .values(
      people.map((person, index) => ({
        registrationId,
        position: index + 1,
        age: person.age,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        gender: person.gender,
        phone: orNull(person.phone),
        category: orNull(person.category),
        mothersName: orNull(person.mothersName),
        mothersPhone: orNull(person.mothersPhone),
        fathersName: orNull(person.fathersName),
        fathersPhone: orNull(person.fathersPhone),
        country: person.country,
        state: person.state,
        city: person.city,
        zip: person.zip,
      })),
    )
    .returning();
  // RETURNING has no order of its own.
  return rows.sort((a, b) => a.position - b.position);
}

/**
 * The people of these registrations, each registration's in the form's order, by registration id:
 * one query for any number of registrations (a dashboard's list, a mail batch's confirmations).
 */
export async function registrantsOf(
  db: Pick<Database, 'select'>,
  registrationIds: readonly string[],
): Promise<Map<string, StoredRegistrant[]>> {
  const byRegistration = new Map<string, StoredRegistrant[]>();
  if (registrationIds.length === 0) return byRegistration;
  const people = await db
    .select()
    .from(registrants)
    .where(inArray(registrants.registrationId, [...registrationIds]))
    // (registration, position) is unique: a total order.
    .orderBy(asc(registrants.registrationId), asc(registrants.position));
  for (const person of people) {
    const list = byRegistration.get(person.registrationId) ?? [];
    list.push(person);
    byRegistration.set(person.registrationId, list);
  }
  return byRegistration;
}

/**
 * The whole family joins the session's waiting line: its rank is its registration number, so the line
 * is the order of arrival (staff moving a family up change ranks, never numbers).
 */
export async function markWaiting(db: Pick<Database, 'update'>, registrationId: string): Promise<Registration> {
  const [row] = await db
    .update(registrations)
    .set({ status: 'waiting', waitlistRank: sql`${registrations.number}`, statusChangedAt: sql`now()` })
    .where(eq(registrations.id, registrationId))
    .returning();
  if (!row) throw new Error(`registration ${registrationId} vanished inside its own transaction`);
  return row;
}

/** The registration stored under an Idempotency-Key, if any (a repeat is answered from it). */
export async function findRegistrationByKey(
  db: Pick<Database, 'select'>,
  idempotencyKey: string,
): Promise<Registration | null> {
  const [registration] = await db.select().from(registrations).where(eq(registrations.idempotencyKey, idempotencyKey));
  return registration ?? null;
}

/**
 * The language a registrant's family registered in (their registration's), for what is written to
 * them later (a certificate, its e-mail); English for an unknown registrant.
 */
export async function localeOfRegistrant(db: Pick<Database, 'select'>, registrantId: string): Promise<Locale> {
  const [row] = await db
    .select({ locale: registrations.locale })
    .from(registrants)
    .innerJoin(registrations, eq(registrations.id, registrants.registrationId))
    .where(eq(registrants.id, registrantId));
  return row?.locale ?? 'en';
}
