/** The registration form's values as typed (before the shared schema trims and checks them). */
import type { RegistrationRequest, registrationRequestSchema } from '@store/shared/registration';
import {
  blankRegistrant,
  REGISTRANT_FIELDS,
  type RegistrantField,
  registrationMessages,
} from '@store/shared/registration-rules';
import type { z } from 'zod';

export type RegistrationFormValues = RegistrationRequest;
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

/** What a registrant's card is headed (SPEC.md §2): the typed name, else 'Registrant N'. */
export function registrantHeading(firstName: string, lastName: string, index: number): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim() || registrationMessages.registrantHeading(index + 1);
}
