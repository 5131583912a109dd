import type { ComponentProps } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';

/** The account forms' Email field: an address keyboard, no capital or spelling fix-ups, the browser's saved address. */
export function EmailInput(props: Omit<ComponentProps<typeof LabelledInput>, 'label' | 'type'>) {
  const { i18n } = useLingui();
  return (
    <LabelledInput
      label={i18n._('Email')}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
