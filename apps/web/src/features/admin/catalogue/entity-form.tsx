/**
 * The form for one legal entity, for the owner: its name, country, currency, receipt rules, Braintree
 * merchant account, receipt prefix and processor fee (what a donor covering the fee adds); a new one
 * also gets its key. Once the entity has taken gifts
 * the server keeps its country, currency, rules and prefix (409, shown by the field it names).
 */

import { CURRENCIES, type Currency } from '@store/shared/currencies';
import { DEFAULT_PROCESSING_FEE } from '@store/shared/processing-fee';
import {
  ENTITY_COUNTRIES,
  type Entity,
  type EntityCountry,
  entitySchema,
  RECEIPT_RULES,
  type ReceiptRules,
} from '@store/shared/site';
import type { EntityFields } from '@store/shared/site-content';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { CatalogueFormFrame } from './catalogue-form-frame';
import { COUNTRY_LABELS, CURRENCY_LABELS, RULES_LABELS } from './entity-labels';
import { apiErrors, type FormErrors, focusFirstError, issuesAsErrors } from './form-errors';
import { SaveCancel } from './save-cancel';

export type EntityFormProps = {
  /** The entity edited; absent for a new one, which then asks for its key too. */
  entity?: Entity | undefined;
  /** A new entity's country is one that has none yet. */
  countries: readonly EntityCountry[];
  title: string;
  onSave: (key: string, fields: EntityFields) => Promise<void>;
  onCancel: () => void;
};

/** A typed figure as a number; '' or text becomes NaN, which the schema refuses by its field. */
const feeNumber = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

const pick = <T extends string>(options: readonly T[], value: string, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

export function EntityForm({ entity, countries, title, onSave, onCancel }: EntityFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const firstCountry = entity?.country ?? countries[0] ?? 'US';
  const [key, setKey] = useState(entity?.key ?? firstCountry.toLowerCase());
  const [name, setName] = useState(entity?.name ?? '');
  const [country, setCountry] = useState<EntityCountry>(firstCountry);
  const [currency, setCurrency] = useState<Currency>(entity?.currency ?? 'USD');
  const [receipts, setReceipts] = useState<ReceiptRules>(entity?.receipts ?? 'us-irs');
  const [merchantAccountId, setMerchantAccountId] = useState(entity?.merchantAccountId ?? '');
  const [receiptPrefix, setReceiptPrefix] = useState(entity?.receiptPrefix ?? '');
  const fee = entity?.processingFee ?? DEFAULT_PROCESSING_FEE;
  const [feePercent, setFeePercent] = useState(String(fee.percent));
  const [feeFixed, setFeeFixed] = useState(fee.fixed.toFixed(2));
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const idOf = (field: string) => `${id}-${field}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows a new set of errors only
  useEffect(() => focusFirstError(formRef.current, errors, idOf), [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The whole entity is checked, key too: an existing one's key is valid already, a new one's is not yet.
    const checked = entitySchema.safeParse({
      key: entity?.key ?? key,
      name,
      country,
      currency,
      receipts,
      receiptPrefix,
      ...(merchantAccountId.trim() ? { merchantAccountId: merchantAccountId.trim() } : {}),
      // Sent always, so a save never resets a rate set in site.json to the schema's default.
      processingFee: { percent: feeNumber(feePercent), fixed: feeNumber(feeFixed) },
    });
    if (!checked.success) return setErrors(issuesAsErrors(checked.error));
    setSaving(true);
    setErrors({});
    try {
      const { key: savedKey, ...fields } = checked.data;
      await onSave(savedKey, fields);
    } catch (error) {
      setErrors(apiErrors(error, 'entity.'));
      setSaving(false);
    }
  };

  return (
    <CatalogueFormFrame id={id} formRef={formRef} title={title} formError={errors.form} onSubmit={submit}>
      {!entity && (
        <LabelledInput
          id={idOf('key')}
          label="Key"
          value={key}
          error={errors.key}
          hint="Stored on every gift to this entity; it never changes."
          onChange={(e) => setKey(e.target.value)}
          required
        />
      )}
      <LabelledInput
        id={idOf('name')}
        label="Name"
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
        required
      />
      <LabelledSelect
        id={idOf('country')}
        label="Country"
        value={country}
        error={errors.country}
        onChange={(e) => setCountry(pick(ENTITY_COUNTRIES, e.target.value, country))}
      >
        {(entity ? ENTITY_COUNTRIES : countries).map((c) => (
          <option key={c} value={c}>
            {COUNTRY_LABELS[c]}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        id={idOf('currency')}
        label="Currency"
        value={currency}
        error={errors.currency}
        onChange={(e) => setCurrency(pick(CURRENCIES, e.target.value, currency))}
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {CURRENCY_LABELS[c]}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        id={idOf('receipts')}
        label="Receipt rules"
        value={receipts}
        error={errors.receipts}
        onChange={(e) => setReceipts(pick(RECEIPT_RULES, e.target.value, receipts))}
      >
        {RECEIPT_RULES.map((rules) => (
          <option key={rules} value={rules}>
            {RULES_LABELS[rules]}
          </option>
        ))}
      </LabelledSelect>
      <LabelledInput
        id={idOf('merchantAccountId')}
        label="Braintree merchant account"
        value={merchantAccountId}
        error={errors.merchantAccountId}
        hint="The account in this currency; left empty, the gateway's default account."
        onChange={(e) => setMerchantAccountId(e.target.value)}
      />
      <LabelledInput
        id={idOf('receiptPrefix')}
        label="Receipt prefix"
        value={receiptPrefix}
        error={errors.receiptPrefix}
        hint="Before the year in each receipt number, e.g. CA- makes CA-2026-000001. Fixed by the first gift."
        onChange={(e) => setReceiptPrefix(e.target.value)}
      />
      <LabelledInput
        id={idOf('processingFee.percent')}
        label="Processor fee: percent of each charge"
        inputMode="decimal"
        value={feePercent}
        error={errors['processingFee.percent']}
        hint="What a donor who covers the fee adds is worked out from this and the fixed part, e.g. 2.9."
        onChange={(e) => setFeePercent(e.target.value)}
      />
      <LabelledInput
        id={idOf('processingFee.fixed')}
        label={`Processor fee: fixed part of each charge (${currency})`}
        inputMode="decimal"
        value={feeFixed}
        error={errors['processingFee.fixed']}
        hint="e.g. 0.30 for 30 cents."
        onChange={(e) => setFeeFixed(e.target.value)}
      />
      <SaveCancel saving={saving} onCancel={onCancel} />
    </CatalogueFormFrame>
  );
}
