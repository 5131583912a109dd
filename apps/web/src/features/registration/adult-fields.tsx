import { CATEGORIES } from '@store/shared/registration-rules';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import type { RegistrantFieldFor } from './registrant-field';

/** SPEC.md §5 "Adult": the registrant's own phone and the category they take part in. */
export function AdultFields({
  field,
  autoCompleteSection,
}: {
  field: RegistrantFieldFor;
  autoCompleteSection: string;
}) {
  return (
    <>
      <LabelledInput {...field('phone')} label="Phone" type="tel" autoComplete={`${autoCompleteSection} tel`} />
      <LabelledSelect {...field('category')} label="Category">
        <option value="">Select a category</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </LabelledSelect>
    </>
  );
}
