import { CATEGORIES, CATEGORY_LABELS } from '@store/shared/registration-rules';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { RegistrantFieldFor } from './registrant-field';

/** SPEC.md §5 "Adult": the registrant's own phone and the category they take part in. */
export function AdultFields({
  field,
  autoCompleteSection,
}: {
  field: RegistrantFieldFor;
  autoCompleteSection: string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <LabelledInput
        {...field('phone')}
        label={i18n._('Phone')}
        type="tel"
        autoComplete={`${autoCompleteSection} tel`}
      />
      <LabelledSelect {...field('category')} label={i18n._('Category')}>
        <option value="">{i18n._('Select a category')}</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {i18n._(CATEGORY_LABELS[category])}
          </option>
        ))}
      </LabelledSelect>
    </>
  );
}
