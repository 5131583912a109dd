/**
 * A monthly gift's "cover the processing fee", on its dashboard card: a tick box that
 * says what it adds each month ("+$1.84 a month"), saved as soon as it is ticked or unticked, from
 * the next charge on. A cancelled gift only says whether it covered the fee.
 */
import { formatDollars } from '@store/shared/money';
import type { MonthlyGift } from '@store/shared/monthly-giving';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';

const COVERED = /*i18n*/ 'Your gift now covers the processing fee. A confirmation is on its way by e-mail.';
const NOT_COVERED = /*i18n*/ 'Your gift no longer covers the processing fee. A confirmation is on its way by e-mail.';

type MonthlyCoverFeeProps = {
  gift: MonthlyGift;
  save: (coverFee: boolean) => Promise<unknown>;
  onSaved: () => Promise<void>;
};

export function MonthlyCoverFee({ gift, save, onSaved }: MonthlyCoverFeeProps) {
  const { i18n } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fee = gift.fee ?? 0;
  if (fee <= 0) return null;
  const extra = i18n._('+{amount} a month', { amount: formatDollars(fee) });
  if (gift.status === 'cancelled') {
    return gift.coverFee ? (
      <p className="monthly-gift__fee">{i18n._('Covered the processing fee ({extra})', { extra })}</p>
    ) : null;
  }

  async function change(coverFee: boolean) {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await save(coverFee);
      toast.success(i18n._(coverFee ? COVERED : NOT_COVERED));
      await onSaved();
    } catch (error) {
      setProblem(error instanceof Error ? knownText(i18n, error.message) : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="monthly-gift__fee">
      <div className="checkbox">
        <input
          id={`${id}-fee`}
          type="checkbox"
          checked={gift.coverFee === true}
          aria-busy={busy || undefined}
          onChange={(event) => void change(event.target.checked)}
        />
        <label htmlFor={`${id}-fee`}>
          {i18n._('Cover the processing fee so that all of my gift reaches the foundation ({extra})', { extra })}
        </label>
      </div>
      {problem && (
        <p role="alert" className="account-alert">
          {problem}
        </p>
      )}
    </div>
  );
}
