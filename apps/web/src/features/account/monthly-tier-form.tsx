/**
 * Move a concert tier's monthly gift to another tier, inline. A tier's amount is its price (the
 * seats on its receipt are valued against it), so there is no amount to type: the donor picks a
 * tier, charged at its price from the next charge on. The server's refusal is shown on the field.
 */
import { formatDollars } from '@store/shared/money';
import type { MonthlyTier } from '@store/shared/monthly-giving';
import { type FormEvent, useId, useState } from 'react';
import { LabelledSelect } from '#src/components/labelled-select';
import { useGiftFieldSave } from './use-gift-field-save';

type MonthlyTierFormProps = {
  currentId: number;
  tiers: readonly MonthlyTier[];
  save: (tierId: number) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onClose: () => void;
};

export function MonthlyTierForm({ currentId, tiers, save, onSaved, onClose }: MonthlyTierFormProps) {
  const id = useId();
  const [value, setValue] = useState(String(currentId));
  const { error, setError, saving, run } = useGiftFieldSave('tierId', onSaved);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Number(value) === currentId) {
      onClose();
      return;
    }
    void run(() => save(Number(value)));
  }

  return (
    <form className="form monthly-gift__form" noValidate onSubmit={submit}>
      <LabelledSelect
        id={`${id}-tier`}
        label="Tier, at its monthly price"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      >
        {tiers.map((tier) => (
          <option key={tier.id} value={String(tier.id)}>
            {`${tier.name}: ${formatDollars(tier.amount)}${tier.id === currentId ? ' (now)' : ''}`}
          </option>
        ))}
      </LabelledSelect>
      <p className="monthly-gift__hint">
        A tier is given at its price, with what it includes. From the next charge on; nothing is charged now.
      </p>
      <div className="account-actions">
        <button type="submit" className="button" aria-disabled={saving}>
          {saving ? 'Saving…' : 'Save tier'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Keep the tier
        </button>
      </div>
    </form>
  );
}
