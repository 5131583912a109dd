/**
 * UK Gift Aid at checkout: HMRC's model declaration beside one tick box, and, once ticked, the house
 * and postcode HMRC's claim needs (the donor's name is the one above). Only for a UK center's gift.
 */

import { giftAidDeclarationText } from '@store/shared/gift-aid';
import { useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { FieldFor } from './field-props';

type GiftAidFieldsetProps = {
  field: FieldFor;
  ticked: boolean;
  /** The UK charity the declaration is made to. */
  charityName: string;
  /** The gift part of the bucket, formatted: '£25.00'. */
  giftAmount: string;
};

export function GiftAidFieldset({ field, ticked, charityName, giftAmount }: GiftAidFieldsetProps) {
  const { i18n } = useLingui();
  const noteId = useId();
  const { id, error, ...checkbox } = field('giftAid');
  return (
    <fieldset className="fieldset gift-aid" aria-describedby={noteId}>
      <legend>{i18n._('Gift Aid')}</legend>
      <p id={noteId} className="fieldset__note">
        {i18n._(
          'If you are a UK taxpayer, Gift Aid lets the charity claim 25p from HMRC for every £1 you give, at no cost to you.',
        )}
      </p>
      <div className="checkbox gift-aid__declaration">
        <input id={id} type="checkbox" {...checkbox} aria-invalid={error ? true : undefined} />
        {/* HMRC's model declaration, in its own words: the donor declares what HMRC wrote. */}
        <label htmlFor={id}>{giftAidDeclarationText(charityName, giftAmount)}</label>
      </div>
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
      {ticked && (
        <div className="checkout-form__pair">
          <LabelledInput
            {...field('giftAidHouse')}
            label={i18n._('House name or number')}
            autoComplete="address-line1"
          />
          <LabelledInput {...field('giftAidPostcode')} label={i18n._('Postcode')} autoComplete="postal-code" />
        </div>
      )}
      {ticked && <p className="fieldset__note">{i18n._('The declaration is made in the name given above.')}</p>}
    </fieldset>
  );
}
