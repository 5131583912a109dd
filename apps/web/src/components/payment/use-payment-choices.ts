/**
 * The checkout's payment choices: the site's enabled methods (the catalogue's
 * `giving.paymentMethods`, SPEC.md's order by default) and what the wallets need of the bucket. A
 * getter for usePaymentSetup, read when the widget is built; the widget is told a new total when the
 * bucket's changes (the fee ticked), without being rebuilt.
 */
import type { Currency } from '@store/shared/currencies';
import { DEFAULT_PAYMENT_METHODS } from '@store/shared/payment-methods';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import type { CardWidget, PaymentChoices } from './card-widget';

export function usePaymentChoices(bucket: {
  monthly: boolean;
  totalCents: number;
  currency: Currency;
}): () => PaymentChoices {
  const { state } = useCatalogue();
  const data = state.status === 'ready' ? state.data : undefined;
  const choices: PaymentChoices = {
    methods: data?.giving.paymentMethods ?? DEFAULT_PAYMENT_METHODS,
    merchantName: data?.foundation.name ?? '',
    ...bucket,
  };
  const latest = useRef(choices);
  latest.current = choices;
  return useCallback(() => latest.current, []);
}

/** Tells a built widget the bucket's new total (the wallets that show it: PayPal, Apple Pay, Google Pay). */
export function useWidgetTotal(widget: RefObject<CardWidget | null>, ready: boolean, totalCents: number): void {
  useEffect(() => {
    if (ready) widget.current?.updateTotal?.(totalCents);
  }, [widget, ready, totalCents]);
}
