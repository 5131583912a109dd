/**
 * "Dedicate this gift": none, in honour of or in memory of someone, with their
 * name and an optional message, and an optional e-mail card to a person the donor names (gift-extras.ts).
 * The kind is a radio group held by the form (`tributeKind`, absent for none); "Send an e-mail card"
 * is this fieldset's own choice: unticking it empties the card's fields, so a card not asked for is
 * neither checked nor sent (build-checkout-request.ts sends the card's fields only when they are set).
 */
import { TRIBUTE_MESSAGE_MAX, type TributeKind } from '@store/shared/gift-extras';
import { useId, useState } from 'react';
import { type Control, type UseFormSetValue, useController, useWatch } from 'react-hook-form';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { CheckoutFormValues } from './checkout-form-values';
import type { FieldFor } from './field-props';
import './tribute-fieldset.css';

type TributeFieldsetProps = {
  field: FieldFor;
  control: Control<CheckoutFormValues>;
  setValue: UseFormSetValue<CheckoutFormValues>;
};

const KIND_LABELS: Record<TributeKind | 'none', string> = {
  none: /*i18n*/ 'No dedication',
  honour: /*i18n*/ 'In honour of',
  memory: /*i18n*/ 'In memory of',
};

export function TributeFieldset({ field, control, setValue }: TributeFieldsetProps) {
  const { i18n } = useLingui();
  const id = useId();
  const { field: kind } = useController({ control, name: 'tributeKind' });
  const message = useWatch({ control, name: 'tributeMessage' }) ?? '';
  const [sendCard, setSendCard] = useState(false);
  const chosen = kind.value ?? 'none';
  const { id: messageId, error: messageError, ...messageInput } = field('tributeMessage');
  const { id: showAmountId, error: _showAmountError, ...showAmount } = field('tributeShowAmount');
  const countId = `${id}-count`;

  const chooseCard = (on: boolean) => {
    setSendCard(on);
    if (!on) {
      for (const name of ['tributeCardName', 'tributeCardEmail'] as const)
        setValue(name, '', { shouldValidate: false });
      setValue('tributeShowAmount', false);
    }
  };

  return (
    <fieldset className="fieldset tribute">
      <legend>{i18n._('Dedicate this gift')}</legend>
      <div className="tribute__kinds" role="radiogroup" aria-label={i18n._('Dedication')}>
        {(['none', 'honour', 'memory'] as const).map((value) => (
          <div className="checkbox" key={value}>
            <input
              id={`${id}-${value}`}
              type="radio"
              name={kind.name}
              value={value}
              checked={chosen === value}
              ref={value === 'none' ? kind.ref : undefined}
              onBlur={kind.onBlur}
              onChange={() => kind.onChange(value === 'none' ? undefined : value)}
            />
            <label htmlFor={`${id}-${value}`}>{i18n._(KIND_LABELS[value])}</label>
          </div>
        ))}
      </div>
      {chosen !== 'none' && (
        <>
          <LabelledInput {...field('tributeName')} label={i18n._('Their name')} autoComplete="off" maxLength={200} />
          <div className="field">
            <label htmlFor={messageId}>{i18n._('Message (optional)')}</label>
            <textarea
              id={messageId}
              rows={3}
              maxLength={TRIBUTE_MESSAGE_MAX}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={[countId, messageError ? `${messageId}-error` : null].filter(Boolean).join(' ')}
              {...messageInput}
            />
            <p id={countId} className="field__hint">
              {i18n._('{count} of {max} characters', { count: message.length, max: TRIBUTE_MESSAGE_MAX })}
            </p>
            {messageError && (
              <p id={`${messageId}-error`} className="field__error">
                {messageError}
              </p>
            )}
          </div>
          <div className="checkbox">
            <input
              id={`${id}-card`}
              type="checkbox"
              checked={sendCard}
              onChange={(event) => chooseCard(event.target.checked)}
            />
            <label htmlFor={`${id}-card`}>{i18n._('Send an e-mail card')}</label>
          </div>
          {sendCard && (
            <div className="tribute__card">
              <p className="fieldset__note">
                {i18n._(
                  'We will e-mail them that you gave, with your message. The card shows no amount unless you choose so.',
                )}
              </p>
              <LabelledInput {...field('tributeCardName')} label={i18n._("Recipient's name")} autoComplete="off" />
              <LabelledInput
                {...field('tributeCardEmail')}
                label={i18n._("Recipient's e-mail")}
                type="email"
                autoComplete="off"
                inputMode="email"
              />
              <div className="checkbox">
                <input id={showAmountId} type="checkbox" {...showAmount} />
                <label htmlFor={showAmountId}>{i18n._('Show the amount on the card')}</label>
              </div>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
