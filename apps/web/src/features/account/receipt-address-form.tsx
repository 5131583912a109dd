/**
 * The donor's address for a CRA official receipt, sent by the e-mailed link's page or the dashboard
 * (`send`): the shared donorAddressSchema checks it first (the server checks it again and names any
 * field it refuses); a success shows the number of the official receipt just issued.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type DonorAddressInput, donorAddressSchema, type ReceiptIssued } from '@store/shared/receipt-address';
import { useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
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
        label="Street address"
        autoComplete="street-address"
        error={errors.street?.message}
      />
      <LabelledInput
        {...register('city')}
        id={`${id}-city`}
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
      />
      <LabelledInput
        {...register('province')}
        id={`${id}-province`}
        label="Province"
        autoComplete="address-level1"
        error={errors.province?.message}
      />
      <LabelledInput
        {...register('postalCode')}
        id={`${id}-postal-code`}
        label="Postal code"
        autoComplete="postal-code"
        error={errors.postalCode?.message}
      />
      <button type="submit" className="button button--large" disabled={isSubmitting}>
        {isSubmitting ? 'Issuing...' : 'Issue my official receipt'}
      </button>
      {showsAlert(failure) && (
        <FailureAlert
          id={alertId}
          title="The official receipt could not be issued"
          detail={failure.detail}
          takeFocus={failure.fields.length === 0}
        />
      )}
    </form>
  );
}
