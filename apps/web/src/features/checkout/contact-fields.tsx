import { LabelledInput } from '#src/components/labelled-input';
import type { FieldFor } from './field-props';

/** SPEC.md §3 "Checkout form": who pays and how to reach them. */
export function ContactFields({ field }: { field: FieldFor }) {
  return (
    <>
      {/* Side by side where the form is wide enough (checkout.css). */}
      <div className="checkout-form__pair">
        <LabelledInput {...field('cardFirstName')} label="Card Holder First Name" autoComplete="given-name" />
        <LabelledInput {...field('cardLastName')} label="Card Holder Last Name" autoComplete="family-name" />
      </div>
      <LabelledInput {...field('studentName')} label="Student Full Name (optional)" autoComplete="off" />
      <div className="checkout-form__pair">
        <LabelledInput {...field('email')} label="Email" type="email" autoComplete="email" spellCheck={false} />
        <LabelledInput {...field('mobile')} label="Mobile" type="tel" inputMode="numeric" autoComplete="tel-national" />
      </div>
    </>
  );
}
