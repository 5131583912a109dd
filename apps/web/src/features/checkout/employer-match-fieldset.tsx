/**
 * "My employer matches gifts": one tick box, and once ticked the
 * employer's name (gift-extras.ts: required then). After the gift the thank-you page and the
 * receipt e-mail say what to do next (employer-match-next-steps.tsx). Unticked, a name typed before
 * is not sent (build-checkout-request.ts).
 */
import { EMPLOYER_NAME_MAX } from '@store/shared/gift-extras';
import { type Control, useWatch } from 'react-hook-form';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { CheckoutFormValues } from './checkout-form-values';
import type { FieldFor } from './field-props';

type EmployerMatchFieldsetProps = { field: FieldFor; control: Control<CheckoutFormValues> };

export function EmployerMatchFieldset({ field, control }: EmployerMatchFieldsetProps) {
  const { i18n } = useLingui();
  const ticked = useWatch({ control, name: 'employerMatches' }) === true;
  const { id, error: _checkboxError, ...checkbox } = field('employerMatches');
  return (
    <fieldset className="fieldset employer-match">
      <legend>{i18n._('Employer matching')}</legend>
      <div className="checkbox">
        <input id={id} type="checkbox" {...checkbox} />
        <label htmlFor={id}>{i18n._('My employer matches gifts')}</label>
      </div>
      {ticked && (
        <LabelledInput
          {...field('employerName')}
          label={i18n._("Employer's name")}
          hint={i18n._("After your gift we'll tell you how to ask them to match it.")}
          autoComplete="organization"
          maxLength={EMPLOYER_NAME_MAX}
        />
      )}
    </fieldset>
  );
}
