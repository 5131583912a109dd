/**
 * Change an open-amount monthly gift's amount, inline: dollars, checked with the schema
 * the server uses (monthlyAmountSchema), the server's refusal shown on the field. A concert
 * tier's gift has no amount to type: it moves to another tier (monthly-tier-form.tsx).
 */
import { monthlyAmountSchema } from '@store/shared/monthly-giving';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useGiftFieldSave } from './use-gift-field-save';

type MonthlyAmountFormProps = {
  current: number;
  save: (amount: number) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onClose: () => void;
};

export function MonthlyAmountForm({ current, save, onSaved, onClose }: MonthlyAmountFormProps) {
  const id = useId();
  const [value, setValue] = useState(current.toFixed(2));
  const { error, setError, saving, run } = useGiftFieldSave('amount', onSaved);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = monthlyAmountSchema.safeParse(value.trim() === '' ? Number.NaN : Number(value));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter an amount.');
      return;
    }
    void run(() => save(parsed.data));
  }

  return (
    <form className="form monthly-gift__form" noValidate onSubmit={submit}>
      <LabelledInput
        id={`${id}-amount`}
        label="New monthly amount (USD)"
        type="number"
        min="1"
        step="0.01"
        inputMode="decimal"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <p className="monthly-gift__hint">From the next charge on; nothing is charged now.</p>
      <div className="account-actions">
        <button type="submit" className="button" aria-disabled={saving}>
          {saving ? 'Saving…' : 'Save amount'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Keep the amount
        </button>
      </div>
    </form>
  );
}
