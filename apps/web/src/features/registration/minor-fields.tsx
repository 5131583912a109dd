import type { ReactNode } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { ParentSide } from './family-details';
import type { RegistrantFieldFor } from './registrant-field';

type MinorFieldsProps = {
  field: RegistrantFieldFor;
  /** "The parent is registrant 1", when registrant 1 can be this minor's parent. */
  parentChoice?: ReactNode;
  /** The parent registrant 1 stands for: their two fields are filled in and not asked. */
  filledSide?: ParentSide | null;
};

/** SPEC.md §5 "Minor": a parent's name and phone on each side, each one 'Required'. */
export function MinorFields({ field, parentChoice, filledSide }: MinorFieldsProps) {
  const { i18n } = useLingui();
  return (
    <fieldset className="fieldset">
      <legend>{i18n._('Parents')}</legend>
      {parentChoice}
      {filledSide !== 'mother' && (
        <>
          <LabelledInput {...field('mothersName')} label={i18n._("Mother's Name")} autoComplete="off" />
          <LabelledInput {...field('mothersPhone')} label={i18n._("Mother's Phone")} type="tel" autoComplete="off" />
        </>
      )}
      {filledSide !== 'father' && (
        <>
          <LabelledInput {...field('fathersName')} label={i18n._("Father's Name")} autoComplete="off" />
          <LabelledInput {...field('fathersPhone')} label={i18n._("Father's Phone")} type="tel" autoComplete="off" />
        </>
      )}
    </fieldset>
  );
}
