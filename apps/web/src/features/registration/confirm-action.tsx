/** A destructive action behind a confirm step: the first press asks, the second does it. */

import { familyTexts } from '@store/shared/family-registration';
import { useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

type ConfirmActionProps = {
  label: string;
  question: string;
  disabled: boolean;
  onConfirm: () => void;
};

/** `label` and `question` come in the page's language. */
export function ConfirmAction({ label, question, disabled, onConfirm }: ConfirmActionProps) {
  const { i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <fieldset className="confirm-action">
      <legend>{question}</legend>
      <button
        type="button"
        className="button button--danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {i18n._(familyTexts.confirmYes)}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        {i18n._(familyTexts.confirmNo)}
      </button>
    </fieldset>
  );
}
