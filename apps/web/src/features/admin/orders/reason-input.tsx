/**
 * The reason a refund or a void is made, kept with it in the back office and the audit log. The
 * donor's corrected or void receipt does not print it (an internal note), and the field says so.
 */
import { LabelledInput } from '#src/components/labelled-input';
import { type FieldErrors, fieldError } from '../check-request';

type ReasonInputProps = { id: string; value: string; onChange: (value: string) => void; fields: FieldErrors };

export function ReasonInput({ id, value, onChange, fields }: ReasonInputProps) {
  return (
    <LabelledInput
      id={id}
      name="reason"
      label="Reason"
      hint="For the back office only: the donor's receipt does not show it."
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={fieldError(fields, 'reason', 'Reason')}
    />
  );
}
