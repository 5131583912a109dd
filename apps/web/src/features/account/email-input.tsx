import type { ComponentProps } from 'react';
import { LabelledInput } from '#src/components/labelled-input';

/** The account forms' Email field: an address keyboard, no capital or spelling fix-ups, the browser's saved address. */
export function EmailInput(props: Omit<ComponentProps<typeof LabelledInput>, 'label' | 'type'>) {
  return (
    <LabelledInput
      label="Email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
