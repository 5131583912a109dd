/**
 * The donor's address for a CRA official receipt, sent by the e-mailed link's page or the dashboard
 * (`send`): the shared donorAddressSchema checks it first (the server checks it again and names any
 * field it refuses); a success shows the number of the official receipt just issued.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type DonorAddressInput, donorAddressSchema, type ReceiptIssued } from '@store/shared/receipt-address';
import { useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { knownError } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { FailureAlert, showsAlert } from './failure-alert';
import { useAccountForm } from './use-account-form';

type AddressValues = Required<{ [K in keyof DonorAddressInput]: string }>;
const resolver = zodResolver<AddressValues, unknown, AddressValues>(donorAddressSchema);
const FIELDS = ['street', 'city', 'province', 'postalCode'] as const;

export function ReceiptAddressForm({
  send,
  onIssued,
}: {
  send: (address: AddressValues) => Promise<ReceiptIssued>;
  onIssued: (issued: ReceiptIssued) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const { register, errors, isSubmitting, failure, alertId, formProps } = useAccountForm<AddressValues, ReceiptIssued>({
    resolver,
    defaultValues: { street: '', city: '', province: '', postalCode: '' },
    fields: FIELDS,
    send,
    onSuccess: (issued) => onIssued(issued),
    focusOnFailure: null,
  });
  return (
    <form {...formProps}>
      <LabelledInput
        {...register('street')}
        id={`${id}-street`}
        label={i18n._('Street address')}
        autoComplete="street-address"
        error={knownError(i18n, errors.street?.message)}
      />
      <LabelledInput
        {...register('city')}
        id={`${id}-city`}
        label={i18n._('City')}
        autoComplete="address-level2"
        error={knownError(i18n, errors.city?.message)}
      />
      <LabelledInput
        {...register('province')}
        id={`${id}-province`}
        label={i18n._('Province')}
        autoComplete="address-level1"
        error={knownError(i18n, errors.province?.message)}
      />
      <LabelledInput
        {...register('postalCode')}
        id={`${id}-postal-code`}
        label={i18n._('Postal code')}
        autoComplete="postal-code"
        error={knownError(i18n, errors.postalCode?.message)}
      />
      <button type="submit" className="button button--large" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Issuing...') : i18n._('Issue my official receipt')}
      </button>
      {showsAlert(failure) && (
        <FailureAlert
          id={alertId}
          title={i18n._('The official receipt could not be issued')}
          detail={failure.detail}
          takeFocus={failure.fields.length === 0}
        />
      )}
    </form>
  );
}
