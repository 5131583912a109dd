import { LabelledInput } from '#src/components/labelled-input';
import type { RegistrantFieldFor } from './registrant-field';

/** SPEC.md §5 "Minor": a parent's name and phone on each side, each one 'Required'. */
export function MinorFields({ field }: { field: RegistrantFieldFor }) {
  return (
    <fieldset className="fieldset">
      <legend>Parents</legend>
      <LabelledInput {...field('mothersName')} label="Mother's Name" autoComplete="off" />
      <LabelledInput {...field('mothersPhone')} label="Mother's Phone" type="tel" autoComplete="off" />
      <LabelledInput {...field('fathersName')} label="Father's Name" autoComplete="off" />
      <LabelledInput {...field('fathersPhone')} label="Father's Phone" type="tel" autoComplete="off" />
    </fieldset>
  );
}
