/** The reason a refund or a void is made, kept with it in the audit log. */
import { LabelledInput } from '#src/components/labelled-input';
import { type FieldErrors, fieldError } from '../check-request';

type ReasonInputProps = { id: string; value: string; onChange: (value: string) => void; fields: FieldErrors };

export function ReasonInput({ id, value, onChange, fields }: ReasonInputProps) {
  return (
    <LabelledInput
      id={id}
      name="reason"
      label="Reason"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={fieldError(fields, 'reason', 'Reason')}
    />
  );
}
