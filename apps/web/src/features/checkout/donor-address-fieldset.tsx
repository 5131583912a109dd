import { useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { FieldFor } from './field-props';

/**
 * Issue 20: a gift to a Canadian center gets a CRA official donation receipt, which must name the
 * donor's address; asked only for such a center, and optional: without it the receipt is not an
 * official one until the donor adds the address from the receipt e-mail or /dashboard.
 */
export function DonorAddressFieldset({ field }: { field: FieldFor }) {
  const { i18n } = useLingui();
  const noteId = useId();
  return (
    <fieldset className="fieldset" aria-describedby={noteId}>
      <legend>{i18n._('Your address for the Canadian tax receipt')}</legend>
      <p id={noteId} className="fieldset__note">
        {i18n._(
          'A Canadian official donation receipt must show your address. You may leave it empty and add it later from your receipt e-mail or your dashboard: the official receipt is issued then.',
        )}
      </p>
      <LabelledInput {...field('donorStreet')} label={i18n._('Street address')} autoComplete="street-address" />
      <div className="checkout-form__pair">
        <LabelledInput {...field('donorCity')} label={i18n._('City')} autoComplete="address-level2" />
        <LabelledInput {...field('donorProvince')} label={i18n._('Province')} autoComplete="address-level1" />
      </div>
      <LabelledInput {...field('donorPostalCode')} label={i18n._('Postal code')} autoComplete="postal-code" />
    </fieldset>
  );
}
