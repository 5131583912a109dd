/**
 * Change an open-amount monthly gift's amount, inline: dollars, checked with the schema
 * the server uses (monthlyAmountSchema), the server's refusal shown on the field. A concert
 * tier's gift has no amount to type: it moves to another tier (monthly-tier-form.tsx).
 */
import { monthlyAmountSchema } from '@store/shared/monthly-giving';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useGiftFieldSave } from './use-gift-field-save';

type MonthlyAmountFormProps = {
  current: number;
  save: (amount: number) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onClose: () => void;
};

export function MonthlyAmountForm({ current, save, onSaved, onClose }: MonthlyAmountFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const [value, setValue] = useState(current.toFixed(2));
  const { error, setError, saving, run } = useGiftFieldSave('amount', onSaved);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = monthlyAmountSchema.safeParse(value.trim() === '' ? Number.NaN : Number(value));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? i18n._('Please enter an amount.'));
      return;
    }
    void run(() => save(parsed.data));
  }

  return (
    <form className="form monthly-gift__form" noValidate onSubmit={submit}>
      <LabelledInput
        id={`${id}-amount`}
        label={i18n._('New monthly amount (USD)')}
        type="number"
        min="1"
        step="0.01"
        inputMode="decimal"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        // The schema's message or the server's, in English: shown in the page's language when ours.
        error={error === null ? undefined : knownText(i18n, error)}
      />
      <p className="monthly-gift__hint">{i18n._('From the next charge on; nothing is charged now.')}</p>
      <div className="account-actions">
        <button type="submit" className="button" aria-disabled={saving}>
          {saving ? i18n._('Saving…') : i18n._('Save amount')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {i18n._('Keep the amount')}
        </button>
      </div>
    </form>
  );
}
