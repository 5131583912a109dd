/** The registration form's values as typed (before the shared schema trims and checks them). */
import { i18n } from '@lingui/core';
import type { RegistrationRequest, registrationRequestSchema } from '@store/shared/registration';
import {
  blankRegistrant,
  REGISTRANT_FIELDS,
  type RegistrantField,
  registrationMessages,
} from '@store/shared/registration-rules';
import type { z } from 'zod';

/**
 * The family's two choices on registrant 2 and later (family-details.ts). Form values the schema
 * drops: what is sent is only the fields they fill in, as a family would have typed them.
 */
export type FamilyChoices = { sameFamily?: boolean; parentIsRegistrant1?: boolean };
export type RegistrantFormValues = RegistrationRequest['registrants'][number] & FamilyChoices;
export type RegistrationFormValues = Omit<RegistrationRequest, 'registrants'> & { registrants: RegistrantFormValues[] };
/** What the schema makes of the form's values: what the page sends. */
export type RegistrationData = z.output<typeof registrationRequestSchema>;
export { blankRegistrant, REGISTRANT_FIELDS, type RegistrantField };

/** A form path of one registrant's field, e.g. `registrants.1.phone`. */
export function registrantPath<F extends RegistrantField>(index: number, field: F): `registrants.${number}.${F}` {
  return `registrants.${index}.${field}`;
}

/**
 * The server names refused fields by their path in the request (`registrants.0.phone`), which is
 * also their path in the form; anything else (or a registrant the form no longer has) is null.
 */
export function formPathOf(path: string, registrantCount: number) {
  const match = /^registrants\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return null;
  const index = Number(match[1]);
  const field = REGISTRANT_FIELDS.find((name) => name === match[2]);
  if (!field || index >= registrantCount) return null;
  return { index, path: registrantPath(index, field) };
}

/** What a registrant's card is headed (SPEC.md §2): the typed name, else 'Registrant N' in the page's language. */
export function registrantHeading(firstName: string, lastName: string, index: number): string {
  return (
    `${firstName.trim()} ${lastName.trim()}`.trim() ||
    i18n._(registrationMessages.registrantHeading, { position: index + 1 })
  );
}

/**
 * A card's heading: registrantHeading, except that a surname copied from registrant 1 alone is not
 * this registrant's name yet: 'Registrant N' until a first name is typed.
 */
export function cardHeading(
  registrant: Pick<RegistrantFormValues, 'firstName' | 'lastName' | 'sameFamily'>,
  index: number,
): string {
  const copied = index > 0 && registrant.sameFamily === true;
  return copied && !registrant.firstName.trim()
    ? registrantHeading('', '', index)
    : registrantHeading(registrant.firstName, registrant.lastName, index);
}
