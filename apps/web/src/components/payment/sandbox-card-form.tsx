/**
 * The `sandbox` gateway's card form: the fields and rules of the hosted card widget (SPEC.md §5,
 * §8, §9), so the checkout behaves offline as it does with Braintree. The inputs are uncontrolled
 * on purpose: the card number lives only in its input, never in React state, storage or logs, and
 * is read once, when the page asks for a nonce.
 */
import {
  CARD_BRAND_NAMES,
  CARD_FIELDS,
  type CardBrand,
  type CardField,
  type CardInput,
  cardErrors,
  cardFieldError,
  cvvLength,
  detectBrand,
  EMPTY_FIELD_ERROR_DELAY_MS,
  widgetMessages,
} from '@store/shared/card';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import './card-form.css';
import { messages } from '@store/shared/messages';
import { LabelledInput } from '#src/components/labelled-input';
import { ApiClientError } from '#src/lib/api-client';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { CardInputError, ClientTokenExpiredError } from './card-widget-errors';
import { normalizeExpiry, tokenizeCard } from './sandbox-tokenize';

export type SandboxCardFormHandle = {
  requestNonce(): Promise<string>;
  showErrors(): void;
  suggestCardholderName(name: string): void;
};

type SandboxCardFormProps = { clientToken: string; ref?: Ref<SandboxCardFormHandle> };

type FieldErrors = Partial<Record<CardField, string>>;

export function SandboxCardForm({ clientToken, ref }: SandboxCardFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const emptyTimers = useRef<Partial<Record<CardField, number>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [brand, setBrand] = useState<CardBrand | null>(null);
  // The last name the page suggested: while the field still holds it (or nothing), it is ours to change.
  const suggestedName = useRef('');

  useEffect(() => {
    const timers = emptyTimers.current;
    return () => {
      for (const timer of Object.values(timers)) window.clearTimeout(timer);
    };
  }, []);

  const read = (): CardInput => ({
    number: inputs.current.number?.value ?? '',
    expirationDate: inputs.current.expirationDate?.value ?? '',
    cvv: inputs.current.cvv?.value ?? '',
    cardholderName: inputs.current.cardholderName?.value ?? '',
  });

  const setFieldError = (field: CardField, message: string | undefined) =>
    setErrors((previous) => (previous[field] === message ? previous : { ...previous, [field]: message }));

  function cancelEmptyTimer(field: CardField) {
    window.clearTimeout(emptyTimers.current[field]);
    delete emptyTimers.current[field];
  }

  function onInput(field: CardField) {
    cancelEmptyTimer(field);
    setFieldError(field, undefined);
    setFormError(null);
    if (field === 'number') setBrand(detectBrand(read().number));
  }

  /** SPEC.md §5: errors show on blur. */
  function onBlur(field: CardField) {
    const card = read();
    const error = cardFieldError(field, card);
    if (error === null) return setFieldError(field, undefined);
    if (card[field].trim() !== '') return setFieldError(field, error);
    // SPEC.md §9: the empty-field error waits 150 ms, so tabbing back into the field (or a click
    // that lands on it again) does not flash "Please fill out…" at the visitor.
    cancelEmptyTimer(field);
    emptyTimers.current[field] = window.setTimeout(() => {
      delete emptyTimers.current[field];
      const input = inputs.current[field];
      if (input && document.activeElement !== input && input.value.trim() === '') setFieldError(field, error);
    }, EMPTY_FIELD_ERROR_DELAY_MS);
  }

  /** Every field's error at once, as on blur but without the wait; the first invalid field, if any. */
  function showErrors(): CardField | undefined {
    const card = read();
    for (const field of CARD_FIELDS) cancelEmptyTimer(field);
    const found = cardErrors(card);
    setErrors(found);
    setFormError(null);
    return CARD_FIELDS.find((field) => found[field]);
  }

  async function requestNonce(): Promise<string> {
    const card = read();
    const firstInvalid = showErrors();
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      throw new CardInputError(widgetMessages.tokenizationFailed);
    }
    try {
      const { nonce } = await tokenizeCard(clientToken, {
        number: card.number.replace(/[\s-]/g, ''),
        expirationDate: normalizeExpiry(card.expirationDate),
        cvv: card.cvv.trim(),
        cardholderName: card.cardholderName.trim(),
      });
      return nonce;
    } catch (error) {
      throw explain(error);
    }
  }

  /** Shows what went wrong in the widget, as the hosted widget would, and says what the page should do. */
  function explain(error: unknown): Error {
    if (error instanceof ApiClientError && error.status === 401) {
      setFormError(widgetMessages.generic);
      return new ClientTokenExpiredError(error.message);
    }
    if (error instanceof ApiClientError && error.status === 400) {
      const fields: FieldErrors = {};
      for (const field of CARD_FIELDS) {
        const message = error.fields?.[field];
        if (message) fields[field] = message;
      }
      setErrors(fields);
      setFormError(widgetMessages.tokenizationFailed);
      return new CardInputError(widgetMessages.tokenizationFailed);
    }
    const isNetwork = error instanceof ApiClientError && error.status === undefined;
    setFormError(isNetwork ? widgetMessages.network : widgetMessages.generic);
    return error instanceof Error ? error : new Error(String(error));
  }

  /** The page's first and last name, unless the donor has typed a cardholder name of their own. */
  function suggestCardholderName(name: string) {
    const input = inputs.current.cardholderName;
    if (!input || (input.value !== '' && input.value !== suggestedName.current)) return;
    input.value = name;
    suggestedName.current = name;
    if (name !== '') setFieldError('cardholderName', undefined);
  }

  // showErrors leaves the focus alone: the page's form puts it on its own first error.
  useImperativeHandle(ref, () => ({ requestNonce, showErrors: () => void showErrors(), suggestCardholderName }));

  const field = (name: CardField) => ({
    id: `${id}-${name}`,
    // Kept in English (the rules' and the server's words, the catalogue's ids), shown translated.
    error: errors[name] === undefined ? undefined : knownText(i18n, errors[name]),
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onInput: () => onInput(name),
    onBlur: () => onBlur(name),
    type: 'text',
    spellCheck: false,
  });
  const cvvDigits = cvvLength(brand);

  return (
    <div className="card-form">
      <LabelledInput
        {...field('number')}
        label={i18n._('Card Number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        placeholder="•••• •••• •••• ••••"
        aside={
          <span className="card-form__brand" aria-live="polite">
            {brand ? CARD_BRAND_NAMES[brand] : ''}
          </span>
        }
      />
      <div className="card-form__row">
        <LabelledInput
          {...field('expirationDate')}
          label={i18n._('Expiration Date')}
          autoComplete="cc-exp"
          placeholder={i18n._(messages.payment.expiryHint)}
          maxLength={9}
        />
        <LabelledInput
          {...field('cvv')}
          label={i18n._('CVV')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={'•'.repeat(cvvDigits)}
          maxLength={cvvDigits}
        />
      </div>
      <LabelledInput {...field('cardholderName')} label={i18n._('Cardholder Name')} autoComplete="cc-name" />
      {formError && (
        <p role="alert" className="card-form__error">
          {knownText(i18n, formError)}
        </p>
      )}
    </div>
  );
}
