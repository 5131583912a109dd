import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CheckoutFieldName } from './checkout-form-values';

/** What the form hands each field: react-hook-form's registration, an id and the field's error. */
export type FieldProps = UseFormRegisterReturn<CheckoutFieldName> & { id: string; error: string | undefined };

export type FieldFor = (name: CheckoutFieldName) => FieldProps;
