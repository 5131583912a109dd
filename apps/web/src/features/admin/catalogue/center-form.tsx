/**
 * The form for one center (issue 21): name, pickup address, country (its entity takes the center's
 * gifts, in its currency, with its receipts: CRA receipts in CAD, Gift Aid in GBP), archived.
 */

import { ENTITY_COUNTRIES, type EntityCountry, type SiteCenter } from '@store/shared/site';
import { type CenterFields, centerFieldsSchema } from '@store/shared/site-content';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { CatalogueFormFrame } from './catalogue-form-frame';
import { COUNTRY_LABELS } from './entity-labels';
import { apiErrors, type FormErrors, focusFirstError, issuesAsErrors } from './form-errors';
import { SaveCancel } from './save-cancel';

export type CenterFormProps = {
  center?: SiteCenter | undefined;
  title: string;
  onSave: (fields: CenterFields) => Promise<void>;
  onCancel: () => void;
};

export function CenterForm({ center, title, onSave, onCancel }: CenterFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(center?.name ?? '');
  const [address, setAddress] = useState(center?.address ?? '');
  const [country, setCountry] = useState<EntityCountry>(center?.country ?? 'US');
  const [archived, setArchived] = useState(center?.archived ?? false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const idOf = (field: string) => `${id}-${field}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows a new set of errors only
  useEffect(() => focusFirstError(formRef.current, errors, idOf), [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = centerFieldsSchema.safeParse({ name, country, archived, ...(address.trim() ? { address } : {}) });
    if (!checked.success) return setErrors(issuesAsErrors(checked.error));
    setSaving(true);
    setErrors({});
    try {
      await onSave(checked.data);
    } catch (error) {
      setErrors(apiErrors(error, 'center.'));
      setSaving(false);
    }
  };

  return (
    <CatalogueFormFrame id={id} formRef={formRef} title={title} formError={errors.form} onSubmit={submit}>
      <LabelledInput
        id={idOf('name')}
        label="Name"
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
        required
      />
      <LabelledInput
        id={idOf('address')}
        label="Pickup address"
        value={address}
        error={errors.address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <LabelledSelect
        id={idOf('country')}
        label="Country"
        value={country}
        error={errors.country}
        onChange={(e) => setCountry(ENTITY_COUNTRIES.find((c) => c === e.target.value) ?? 'US')}
      >
        {ENTITY_COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {COUNTRY_LABELS[c]}
          </option>
        ))}
      </LabelledSelect>
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} /> Archived (not
          offered at checkout)
        </label>
      </div>
      <SaveCancel saving={saving} onCancel={onCancel} />
    </CatalogueFormFrame>
  );
}
