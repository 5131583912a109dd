/**
 * The form for one catalogue item or concert tier (issue 21): name, price or an open amount, the
 * description, the picture (checked for type and size before it is sent), what the donor receives
 * and its fair market value, and whether it is archived. Checked with the route's own schema first;
 * what the server still refuses is shown by the field it names, and the first such field takes focus.
 */

import type { SiteItem } from '@store/shared/site';
import { type ItemFields, itemFieldsSchema } from '@store/shared/site-content';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { ApiClientError } from '#src/lib/api-client';
import { CatalogueFormFrame } from './catalogue-form-frame';
import { type DraftErrors, draftErrors, draftOf, fieldsOf, type ItemDraft } from './item-draft';
import { PictureField } from './picture-field';
import { SaveCancel } from './save-cancel';

export type ItemFormProps = {
  item?: SiteItem | undefined;
  /** Shown as the form's heading, e.g. 'Edit Concert Patron' or 'New concert tier'. */
  title: string;
  onSave: (fields: ItemFields) => Promise<void>;
  onCancel: () => void;
};

const ORDER: (keyof ItemDraft)[] = [
  'name',
  'price',
  'priceCAD',
  'priceGBP',
  'desc',
  'image',
  'imageAlt',
  'benefitKind',
  'benefitDescription',
  'fairMarketValue',
  'fairMarketValueCAD',
  'fairMarketValueGBP',
];

export function ItemForm({ item, title, onSave, onCancel }: ItemFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ItemDraft>(() => draftOf(item));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const fieldId = (name: keyof ItemDraft) => `${id}-${name}`;
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => {
    const first = ORDER.find((key) => errors[key]);
    const form = formRef.current;
    if (first) form?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
    else if (errors.form) form?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [errors, id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = fieldsOf(draft);
    const checked = itemFieldsSchema.safeParse(fields);
    if (!checked.success) {
      setErrors(draftErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])), ''));
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSave(checked.data);
    } catch (error) {
      const fieldErrors = error instanceof ApiClientError && error.fields ? draftErrors(error.fields) : {};
      setErrors({ ...fieldErrors, form: error instanceof Error ? error.message : 'The change could not be saved.' });
      setSaving(false);
    }
  };

  return (
    <CatalogueFormFrame id={id} formRef={formRef} title={title} formError={errors.form} onSubmit={submit}>
      <LabelledInput
        id={fieldId('name')}
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
        required
      />
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={draft.open} onChange={(e) => set('open', e.target.checked)} /> The donor
          enters the amount
        </label>
      </div>
      {!draft.open && (
        <LabelledInput
          id={fieldId('price')}
          label="Price (US$)"
          inputMode="decimal"
          value={draft.price}
          error={errors.price}
          onChange={(e) => set('price', e.target.value)}
          required
        />
      )}
      {!draft.open && (
        <div className="checkout-form__pair">
          <LabelledInput
            id={fieldId('priceCAD')}
            label="Price (CA$)"
            inputMode="decimal"
            value={draft.priceCAD}
            error={errors.priceCAD}
            onChange={(e) => set('priceCAD', e.target.value)}
          />
          <LabelledInput
            id={fieldId('priceGBP')}
            label="Price (£)"
            inputMode="decimal"
            value={draft.priceGBP}
            error={errors.priceGBP}
            onChange={(e) => set('priceGBP', e.target.value)}
          />
        </div>
      )}
      {!draft.open && (
        <p className="fieldset__note">Left empty, the item is not offered to donors giving in that currency.</p>
      )}
      <div className="field">
        <label htmlFor={fieldId('desc')}>Description</label>
        <textarea
          id={fieldId('desc')}
          rows={5}
          value={draft.desc}
          aria-invalid={errors.desc ? true : undefined}
          aria-describedby={errors.desc ? `${fieldId('desc')}-error` : undefined}
          onChange={(e) => set('desc', e.target.value)}
        />
        {errors.desc && (
          <p id={`${fieldId('desc')}-error`} className="field__error">
            {errors.desc}
          </p>
        )}
      </div>
      <PictureField
        id={fieldId('image')}
        current={draft.imageId ? { imageId: draft.imageId } : draft.image ? { image: draft.image } : undefined}
        error={errors.image}
        onUploaded={(imageId) => {
          setDraft((d) => ({ ...d, imageId, image: '' }));
          setErrors((e) => ({ ...e, image: undefined }));
        }}
        onError={(message) => setErrors((e) => ({ ...e, image: message }))}
      />
      <LabelledInput
        id={fieldId('imageAlt')}
        label="Picture description (for screen readers)"
        value={draft.imageAlt}
        error={errors.imageAlt}
        onChange={(e) => set('imageAlt', e.target.value)}
      />
      <LabelledSelect
        id={fieldId('benefitKind')}
        label="What the donor receives"
        value={draft.benefitKind}
        error={errors.benefitKind}
        onChange={(e) => set('benefitKind', e.target.value as ItemDraft['benefitKind'])}
      >
        <option value="">Nothing: a pure gift</option>
        <option value="goods">Goods</option>
        <option value="services">Services (e.g. reserved seats)</option>
        <option value="purchase">A purchase (the whole price is value received)</option>
      </LabelledSelect>
      {draft.benefitKind !== '' && (
        <LabelledInput
          id={fieldId('benefitDescription')}
          label="Said on the receipt"
          value={draft.benefitDescription}
          error={errors.benefitDescription}
          onChange={(e) => set('benefitDescription', e.target.value)}
          required
        />
      )}
      {(draft.benefitKind === 'goods' || draft.benefitKind === 'services') && (
        <LabelledInput
          id={fieldId('fairMarketValue')}
          label="Fair market value per unit (US$)"
          inputMode="decimal"
          value={draft.fairMarketValue}
          error={errors.fairMarketValue}
          onChange={(e) => set('fairMarketValue', e.target.value)}
          required
        />
      )}
      {(draft.benefitKind === 'goods' || draft.benefitKind === 'services') && !draft.open && (
        <div className="checkout-form__pair">
          <LabelledInput
            id={fieldId('fairMarketValueCAD')}
            label="Fair market value (CA$)"
            inputMode="decimal"
            value={draft.fairMarketValueCAD}
            error={errors.fairMarketValueCAD}
            onChange={(e) => set('fairMarketValueCAD', e.target.value)}
          />
          <LabelledInput
            id={fieldId('fairMarketValueGBP')}
            label="Fair market value (£)"
            inputMode="decimal"
            value={draft.fairMarketValueGBP}
            error={errors.fairMarketValueGBP}
            onChange={(e) => set('fairMarketValueGBP', e.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={draft.archived} onChange={(e) => set('archived', e.target.checked)} />{' '}
          Archived (not offered in the store)
        </label>
      </div>
      <SaveCancel saving={saving} onCancel={onCancel} />
    </CatalogueFormFrame>
  );
}
