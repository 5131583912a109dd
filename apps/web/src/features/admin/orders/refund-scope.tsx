/**
 * Whether a refund gives back all that is left or a part of it: two radio buttons, neither chosen
 * at first, so that no slip refunds everything. Arrow keys move between them (native radios).
 */
import { formatCents } from '@store/shared/money';

export type RefundScopeValue = 'all' | 'part';

type RefundScopeProps = {
  id: string;
  /** What is left to refund, in cents: 'Refund all ($75.00)'. */
  leftCents: number;
  /** The order's currency. */
  currency: string;
  value: RefundScopeValue | null;
  onChange: (value: RefundScopeValue) => void;
  error: string | undefined;
};

export function RefundScope({ id, leftCents, currency, value, onChange, error }: RefundScopeProps) {
  const errorId = `${id}-error`;
  const options: Array<[RefundScopeValue, string]> = [
    ['all', `Refund all (${formatCents(leftCents, currency)})`],
    ['part', 'Refund part'],
  ];
  return (
    <fieldset className="admin-choices" aria-describedby={error ? errorId : undefined}>
      <legend>How much</legend>
      {options.map(([option, label]) => (
        <label key={option} className="admin-choices__option">
          <input
            type="radio"
            name={`${id}-scope`}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
