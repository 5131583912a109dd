/**
 * The donor's address on the offline gift form, asked when the chosen center's receipt needs it
 * (a Canadian center's CRA official receipt must show it). Required there: the server refuses the
 * gift without it, by the same shared rule and schema as the checkout's.
 */
import { useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { addressInputName } from './offline-gift-fields';

type DonorAddressFieldsProps = {
  /** The error of a part of the address, by its request field (`donorAddress.city`). */
  error: (field: string, label: string) => string | undefined;
};

const PARTS = [
  { part: 'street', label: 'Street address' },
  { part: 'city', label: 'City' },
  { part: 'province', label: 'Province' },
  { part: 'postalCode', label: 'Postal code' },
] as const;

export function DonorAddressFields({ error }: DonorAddressFieldsProps) {
  const id = useId();
  return (
    <fieldset className="fieldset" aria-describedby={`${id}-note`}>
      <legend>Donor’s address for the Canadian tax receipt</legend>
      <p id={`${id}-note`} className="fieldset__note">
        A Canadian official donation receipt must show the donor’s address.
      </p>
      {/* The donor's address, not the treasurer's: nothing of the browser's own is offered. */}
      {PARTS.map(({ part, label }) => (
        <LabelledInput
          key={part}
          id={`${id}-${part}`}
          name={addressInputName(part)}
          label={label}
          autoComplete="off"
          error={error(`donorAddress.${part}`, label)}
        />
      ))}
    </fieldset>
  );
}
