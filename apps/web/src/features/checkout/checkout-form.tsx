/**
 * The checkout form (SPEC.md §2 "Checkout", §3 "Checkout form", §5 "Checkout"): validated with the
 * shared schema the server also uses, so both say the same words. Errors show after a submit and
 * each clears as soon as its field is edited (SPEC.md §5); the form is checked again on the next submit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutDetailsSchema, checkoutMessages, requiresDelivery, withCheckoutRules } from '@store/shared/checkout';
import { formatCents } from '@store/shared/money';
import { monthlyGiftMessages } from '@store/shared/monthly-giving';
import { monthlyTexts } from '@store/shared/monthly-lines';
import { receiptNeedsDonorAddress } from '@store/shared/receipt-address';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CenterSelect } from '#src/components/center-select';
import { PaymentBanners } from '#src/components/payment/payment-banners';
import { usePaymentChoices, useWidgetTotal } from '#src/components/payment/use-payment-choices';
import { usePaymentSetup } from '#src/components/payment/use-payment-setup';
import { useCart } from '#src/lib/cart/cart-context';
import { useGiving } from '#src/lib/giving-country/use-giving';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useCenters } from '#src/lib/use-centers';
import { useCoveredFee } from '#src/lib/use-covered-fee';
import { centersOf } from './centers-of-country';
import { type CheckoutFieldName, DELIVERY_FIELDS, emptyCheckoutForm, formFieldOf } from './checkout-form-values';
import { ContactFields } from './contact-fields';
import { CoverFeeOption } from './cover-fee-option';
import { DeliveryFieldset } from './delivery-fieldset';
import { DonorAddressFieldset } from './donor-address-fieldset';
import { EmployerMatchFieldset } from './employer-match-fieldset';
import type { FieldFor } from './field-props';
import { GiftAidFieldset } from './gift-aid-fieldset';
import { MonthlyAccount } from './monthly-account';
import { TributeFieldset } from './tribute-fieldset';
import { useAccountPrefill } from './use-account-prefill';
import { useCheckoutAccount } from './use-checkout-account';
import { useCheckoutSignUp } from './use-checkout-sign-up';
import { useGiftAidCents } from './use-gift-aid-cents';
import { usePlaceOrder } from './use-place-order';

/** `onFeeChange`: what covering the fee adds now (0 unticked), for the order summary beside the form. */
export function CheckoutForm({ onFeeChange }: { onFeeChange?: (feeCents: number) => void } = {}) {
  const { i18n } = useLingui();
  const id = useId();
  const { lines, totalCents, clear } = useCart();
  const giftAidCents = useGiftAidCents();
  const withDelivery = requiresDelivery(lines);
  const giving = useGiving();
  const centers = centersOf(useCenters(), giving);
  const canadianCenters = centers.status === 'ready' ? centers.centers.filter(receiptNeedsDonorAddress) : [];
  const isCanadian = (center: string) => canadianCenters.some((c) => String(c.id) === center);
  // The donor's address (asked for a Canadian center) is optional, like every field SPEC.md §5 does
  // not list: without it the receipt is not official until the donor adds it (receipt-address.ts).
  const coveredFee = useCoveredFee();
  const resolver = useMemo(() => zodResolver(withCheckoutRules(checkoutDetailsSchema, withDelivery)), [withDelivery]);
  const { register, handleSubmit, clearErrors, setError, control, formState, getValues, setValue } = useForm({
    resolver,
    defaultValues: { ...emptyCheckoutForm, coverFee: coveredFee.ticked },
    mode: 'onSubmit',
    // Not 'onChange': an edited field loses its error at once (SPEC.md §5) rather than trading it
    // for the next rule's message mid-typing; the next submit checks everything again.
    reValidateMode: 'onSubmit',
  });
  useAccountPrefill({ getValues, setValue, clearErrors });
  // Issue 22: a monthly gift needs an account; without one the form asks for a password inline, and
  // Place Order makes the account from it before the order (use-checkout-sign-up.ts).
  const hasMonthly = lines.some((line) => line.monthly === true);
  const { account, signedIn } = useCheckoutAccount(hasMonthly);
  const needsAccount = hasMonthly && account.status !== 'signed-in';
  const pickup = useWatch({ control, name: 'pickup' }) === true;
  const centerId = useWatch({ control, name: 'center' });
  const withDonorAddress = isCanadian(centerId);
  const chosenCountry =
    centers.status === 'ready' ? centers.centers.find((c) => String(c.id) === centerId)?.country : undefined;
  const withGiftAid = giving.entity?.receipts === 'uk-gift-aid' && chosenCountry === giving.entity.country;
  const giftAidTicked = useWatch({ control, name: 'giftAid' }) === true;
  const offeredFeeCents = coveredFee.feeCents(totalCents, chosenCountry);
  const feeCents = useWatch({ control, name: 'coverFee' }) === true ? offeredFeeCents : 0;
  useEffect(() => onFeeChange?.(feeCents), [feeCents, onFeeChange]);
  const widgetContainer = useRef<HTMLDivElement>(null);
  // The site's payment methods (card and wallets) for this bucket, with the total charged.
  const chargedCents = totalCents + feeCents;
  const paymentChoices = usePaymentChoices({
    monthly: hasMonthly,
    totalCents: chargedCents,
    currency: giving.currency,
  });
  const setup = usePaymentSetup(widgetContainer, paymentChoices);
  useWidgetTotal(setup.widget, setup.status === 'ready', chargedCents);
  const cardholderName = [useWatch({ control, name: 'cardFirstName' }), useWatch({ control, name: 'cardLastName' })]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  // The card's holder is the donor named above unless they say otherwise: the name is asked once.
  useEffect(() => {
    if (setup.status === 'ready') setup.widget.current?.suggestCardholderName(cardholderName);
  }, [cardholderName, setup.status, setup.widget]);
  const signUp = useCheckoutSignUp({
    details: () => ({
      email: getValues('email'),
      name: `${getValues('cardFirstName')} ${getValues('cardLastName')}`,
    }),
    onSignedIn: signedIn,
    onEmailError: (message) => setError('email', { type: 'server', message }, { shouldFocus: true }),
    registerCaptcha: async () => {
      const captcha = setup.captcha.current;
      if (!captcha) throw new Error(checkoutMessages.captchaNotReady);
      return captcha.execute('register');
    },
  });
  const { placeOrder, processing, submitError } = usePlaceOrder({
    setup,
    lines,
    totalCents,
    withDelivery,
    withDonorAddress,
    currency: giving.currency,
    withGiftAid,
    feeCents: offeredFeeCents,
    clearCart: clear,
    onFieldErrors: (fields) => {
      for (const [path, message] of Object.entries(fields)) {
        const name = formFieldOf(path);
        if (name) setError(name, { type: 'server', message }, { shouldFocus: true });
      }
    },
  });

  const field: FieldFor = (name: CheckoutFieldName) => {
    // The schema's or the server's words, in English (the catalogue's ids): shown translated.
    const error = formState.errors[name]?.message;
    return {
      ...register(name, {
        onChange: () => clearErrors(name === 'pickup' ? [...DELIVERY_FIELDS] : name),
      }),
      id: `${id}-${name}`,
      error: error === undefined ? undefined : knownText(i18n, error),
    };
  };
  const chosenCenter = centers.status === 'ready' ? centers.centers.find((c) => String(c.id) === centerId) : undefined;
  const submitErrorId = `${id}-submit-error`;

  return (
    <form
      className="form checkout-form"
      noValidate
      // A form that fails also shows the card's errors, so the donor fixes everything in one round.
      onSubmit={handleSubmit(
        async (details) => {
          if (needsAccount) {
            // A password typed is the donor's answer: the account is made here, then the order placed.
            if (signUp.password === '') {
              signUp.refuse(monthlyGiftMessages.signInRequired);
              return;
            }
            if (!(await signUp.createAccount())) return;
          }
          return placeOrder(details);
        },
        () => setup.widget.current?.showErrors(),
      )}
    >
      <CenterSelect
        {...field('center')}
        label={i18n._('Center')}
        emptyOption={i18n._('Select a center')}
        centers={centers}
      />
      <ContactFields field={field} />
      <MonthlyAccount account={account} signUp={signUp} email={() => getValues('email')} />
      {withDonorAddress && <DonorAddressFieldset field={field} />}
      {withGiftAid && giving.entity && (
        <GiftAidFieldset
          field={field}
          ticked={giftAidTicked}
          charityName={giving.entity.name}
          giftAmount={formatCents(giftAidCents(lines), giving.currency)}
        />
      )}
      <TributeFieldset field={field} control={control} setValue={setValue} />
      <EmployerMatchFieldset field={field} control={control} />
      {withDelivery && <DeliveryFieldset field={field} pickup={pickup} center={chosenCenter} />}
      <CoverFeeOption field={field} feeCents={offeredFeeCents} currency={giving.currency} />
      <section className="checkout-payment" aria-labelledby={`${id}-payment`}>
        <h2 id={`${id}-payment`}>{i18n._('Payment')}</h2>
        {setup.gateway === 'sandbox' && (
          <p className="checkout-test-notice">
            <strong>{i18n._('Test store: no card is charged.')}</strong>{' '}
            {i18n._('Try the test card {number}.', { number: '4111 1111 1111 1111' })}
          </p>
        )}
        <PaymentBanners {...setup} />
        {/* The card widget (our sandbox form or Braintree's Drop-in) renders itself in here. */}
        <div ref={widgetContainer} className="card-widget" />
      </section>
      <div className="checkout-place">
        <p className="checkout-total">
          {i18n._('Total: {amount}', { amount: formatCents(totalCents + feeCents, giving.currency) })}
        </p>
        <button
          type="submit"
          className="button button--large"
          disabled={processing || signUp.creating || setup.status !== 'ready'}
          aria-describedby={submitError ? submitErrorId : undefined}
        >
          {processing || signUp.creating ? i18n._('Processing...') : i18n._('Place Order')}
        </button>
        {submitError && (
          <p id={submitErrorId} role="alert" className="checkout-form__error">
            {knownText(i18n, submitError)}
          </p>
        )}
        <p className="checkout-secure-note">
          <LockIcon />
          {hasMonthly
            ? i18n._(monthlyTexts.cardKeptForMonthly)
            : i18n._(
                'Secure payment: your card or wallet details are used for this payment only and never stored on this site.',
              )}
        </p>
      </div>
    </form>
  );
}

function LockIcon() {
  return (
    <svg
      className="checkout-secure-note__icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
      />
    </svg>
  );
}
