/**
 * A family corrects a registrant's details, under the form's own rules (registrantSchema, already
 * applied to the body). The old ticket names the old details, so it is revoked and, while the family
 * is registered, a new one issued in the same transaction. A change of category moves that person's
 * category place; a capped category with no place left refuses the change as the form would.
 */
import { placeCountsOf } from '@store/shared/event-sessions';
import { REGISTRANT_FIELDS, type Registrant } from '@store/shared/registration';
import { eq } from 'drizzle-orm';
import { AppError } from '#src/errors/app-error';
import { serverI18n } from '#src/i18n/server-i18n';
import { releasePlaces, takePlaces } from '#src/modules/event-sessions/places';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { issueTickets, revokeTickets } from '#src/modules/registrations/ticket-rows';
import { changeFamily, type ManageContext } from './family-change';
import { offerPending, registrantCancelled, registrantNotFound } from './family-errors';
import type { FamilyPersonRow } from './family-repo';

/** The fields as the change's e-mail names them, in the family's language (messages). */
const LABELS: Readonly<Record<(typeof REGISTRANT_FIELDS)[number], string>> = {
  age: /*i18n*/ 'age',
  email: /*i18n*/ 'e-mail',
  firstName: /*i18n*/ 'first name',
  lastName: /*i18n*/ 'last name',
  gender: /*i18n*/ 'gender',
  phone: /*i18n*/ 'phone',
  category: /*i18n*/ 'category',
  mothersName: /*i18n*/ "mother's name",
  mothersPhone: /*i18n*/ "mother's phone",
  fathersName: /*i18n*/ "father's name",
  fathersPhone: /*i18n*/ "father's phone",
  country: /*i18n*/ 'country',
  state: /*i18n*/ 'state',
  city: /*i18n*/ 'city',
  zip: /*i18n*/ 'zip',
};

function changedFields(before: FamilyPersonRow, after: Registrant): string[] {
  return REGISTRANT_FIELDS.filter((field) => String(before[field] ?? '') !== String(after[field] ?? '')).map(
    (field) => LABELS[field],
  );
}

function noCategoryPlace(category: string): AppError {
  return new AppError('not_enough_places', `No ${category} places are left in this session.`, {
    fields: { category: `No ${category} places are left in this session` },
  });
}

export async function changeRegistrant(
  context: ManageContext,
  registrationId: string,
  position: number,
  details: Registrant,
): Promise<void> {
  await changeFamily(context, registrationId, async (tx, family) => {
    const person = family.people.find((p) => p.position === position);
    if (!person) throw registrantNotFound(position);
    if (person.cancelledAt !== null) throw registrantCancelled();
    const { registration } = family;
    if (registration.status === 'offered') throw offerPending();
    const changed = changedFields(person, details);
    // The same details again (a second click on Save): nothing to change, nothing to mail, the ticket stays.
    if (changed.length === 0) return null;
    const registered = registration.status === 'registered' && registration.sessionId !== null;
    if (registered && registration.sessionId !== null && (person.category ?? '') !== details.category) {
      await releasePlaces(tx, registration.sessionId, placeCountsOf([person]));
      if (!(await takePlaces(tx, registration.sessionId, placeCountsOf([details]))))
        throw noCategoryPlace(details.category);
    }
    const { age, email, firstName, lastName, gender, country, state, city, zip } = details;
    await tx
      .update(registrants)
      .set({
        age,
        email,
        firstName,
        lastName,
        gender,
        country,
        state,
        city,
        zip,
        // The stored shape keeps the other age group's fields null, as the form's registration does.
        phone: details.phone || null,
        category: details.category || null,
        mothersName: details.mothersName || null,
        mothersPhone: details.mothersPhone || null,
        fathersName: details.fathersName || null,
        fathersPhone: details.fathersPhone || null,
      })
      .where(eq(registrants.id, person.id));
    // The first registrant's e-mail is where the family's e-mails go (SPEC.md's rule on the form).
    if (position === 1 && email !== registration.email)
      await tx.update(registrations).set({ email }).where(eq(registrations.id, registration.id));
    const revoked = await revokeTickets(tx, [person.id], 'changed');
    if (registered && registration.sessionId !== null) await issueTickets(tx, registration.sessionId, [person.id]);
    // Worded now, in the language the family registered in: the e-mail carries this sentence.
    const i18n = serverI18n(registration.locale);
    const values = { name: registrantName({ firstName, lastName }), fields: changed.map((f) => i18n._(f)).join(', ') };
    return revoked.length > 0
      ? i18n._('{name}: {fields} changed. The old ticket is no longer valid; a new ticket replaces it.', values)
      : i18n._('{name}: {fields} changed.', values);
  });
}
