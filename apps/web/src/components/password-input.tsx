import type { ComponentProps } from 'react';
import { LabelledInput } from './labelled-input';

type PasswordInputProps = Omit<ComponentProps<typeof LabelledInput>, 'type' | 'label' | 'autoComplete'> & {
  /** Defaults to 'Password'; a sign-up form puts its rule in the label. */
  label?: string;
  /** Tells the browser's password manager to fill a saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
};

/** A password field: hidden text, labelled, with its error (the account and report sign-in forms). */
export function PasswordInput({ label = 'Password', ...props }: PasswordInputProps) {
  return <LabelledInput label={label} type="password" {...props} />;
}
