import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RegistrantField } from './registration-form-values';

/** What a registrant card hands each field: react-hook-form's registration, an id and the field's error. */
export type RegistrantFieldProps = UseFormRegisterReturn<`registrants.${number}.${RegistrantField}`> & {
  id: string;
  error: string | undefined;
};

export type RegistrantFieldFor = (name: RegistrantField) => RegistrantFieldProps;
