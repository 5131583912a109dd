/**
 * Move a concert tier's monthly gift to another tier, inline. A tier's amount is its price (the
 * seats on its receipt are valued against it), so there is no amount to type: the donor picks a
 * tier, charged at its price from the next charge on. The server's refusal is shown on the field.
 */
import { formatDollars } from '@store/shared/money';
import type { MonthlyTier } from '@store/shared/monthly-giving';
import { type FormEvent, useId, useState } from 'react';
import { LabelledSelect } from '#src/components/labelled-select';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useGiftFieldSave } from './use-gift-field-save';

type MonthlyTierFormProps = {
  currentId: number;
  tiers: readonly MonthlyTier[];
  save: (tierId: number) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onClose: () => void;
};

export function MonthlyTierForm({ currentId, tiers, save, onSaved, onClose }: MonthlyTierFormProps) {
  const { i18n } = useLingui();
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
        label={i18n._('Tier, at its monthly price')}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={error === null ? undefined : knownText(i18n, error)}
      >
        {tiers.map((tier) => (
          <option key={tier.id} value={String(tier.id)}>
            {tier.id === currentId
              ? i18n._('{tier}: {amount} (now)', { tier: tier.name, amount: formatDollars(tier.amount) })
              : `${tier.name}: ${formatDollars(tier.amount)}`}
          </option>
        ))}
      </LabelledSelect>
      <p className="monthly-gift__hint">
        {i18n._(
          'A tier is given at its price, with what it includes. From the next charge on; nothing is charged now.',
        )}
      </p>
      <div className="account-actions">
        <button type="submit" className="button" aria-disabled={saving}>
          {saving ? i18n._('Saving…') : i18n._('Save tier')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {i18n._('Keep the tier')}
        </button>
      </div>
    </form>
  );
}
