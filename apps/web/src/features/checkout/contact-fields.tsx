import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { FieldFor } from './field-props';

/** SPEC.md §3 "Checkout form": who pays and how to reach them. */
export function ContactFields({ field }: { field: FieldFor }) {
  const { i18n } = useLingui();
  return (
    <>
      {/* Side by side where the form is wide enough (checkout.css). */}
      <div className="checkout-form__pair">
        <LabelledInput {...field('cardFirstName')} label={i18n._('Card Holder First Name')} autoComplete="given-name" />
        <LabelledInput {...field('cardLastName')} label={i18n._('Card Holder Last Name')} autoComplete="family-name" />
      </div>
      <LabelledInput {...field('studentName')} label={i18n._('Student Full Name (optional)')} autoComplete="off" />
      <div className="checkout-form__pair">
        <LabelledInput
          {...field('email')}
          label={i18n._('Email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
        <LabelledInput
          {...field('mobile')}
          label={i18n._('Mobile')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
        />
      </div>
    </>
  );
}
