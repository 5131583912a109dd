import { useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import type { FieldFor } from './field-props';

export const DONOR_ADDRESS_LEGEND = 'Your address for the Canadian tax receipt';

/**
 * Issue 20: a gift to a Canadian center gets a CRA official donation receipt, which must name the
 * donor's address; asked (and required, by the shared withDonorAddressRule) only for such a center.
 */
export function DonorAddressFieldset({ field }: { field: FieldFor }) {
  const noteId = useId();
  return (
    <fieldset className="fieldset" aria-describedby={noteId}>
      <legend>{DONOR_ADDRESS_LEGEND}</legend>
      <p id={noteId} className="fieldset__note">
        A Canadian official donation receipt must show the donor's address.
      </p>
      <LabelledInput {...field('donorStreet')} label="Street address" autoComplete="street-address" />
      <div className="checkout-form__pair">
        <LabelledInput {...field('donorCity')} label="City" autoComplete="address-level2" />
        <LabelledInput {...field('donorProvince')} label="Province" autoComplete="address-level1" />
      </div>
      <LabelledInput {...field('donorPostalCode')} label="Postal code" autoComplete="postal-code" />
    </fieldset>
  );
}
