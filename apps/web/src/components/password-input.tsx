import { type ComponentProps, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { LabelledInput } from './labelled-input';

type PasswordInputProps = Omit<ComponentProps<typeof LabelledInput>, 'type' | 'label' | 'autoComplete' | 'aside'> & {
  /** Defaults to 'Password'; a sign-up form puts its rule in the label. */
  label?: string;
  /** Tells the browser's password manager to fill a saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A password field: hidden text, labelled, with its error and a Show button that reveals what was
 * typed (a long password is easier to get right when it can be read back; NIST SP 800-63B 5.1.1.2).
 * Its name says what a press does ('Show password', 'Hide password'), as GOV.UK's pattern does. The
 * name is the button's text, not an aria-label: a label containing "password" would make tests'
 * and assistive tools' "the field labelled Password" find two elements.
 */
export function PasswordInput({ label, id, ...props }: PasswordInputProps) {
  const { i18n } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <LabelledInput
      label={label ?? i18n._('Password')}
      id={id}
      type={shown ? 'text' : 'password'}
      {...props}
      aside={
        <button
          type="button"
          className="button button--secondary password-toggle"
          aria-controls={id}
          onClick={() => setShown((now) => !now)}
        >
          {/* Seen: the short word; heard: the whole name (one text node, so no space can go missing). */}
          <span aria-hidden="true">{shown ? i18n._('Hide') : i18n._('Show')}</span>
          <span className="visually-hidden">{shown ? i18n._('Hide password') : i18n._('Show password')}</span>
        </button>
      }
    />
  );
}
