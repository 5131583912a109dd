/**
 * "Add $3.30 so that all of my gift reaches the foundation": one tick box, ticked to
 * begin with unless site.json's `giving.coverFeesDefault` says otherwise. The amount is the server's
 * own rule (processing-fee.ts) on the chosen center's entity's fee, so the total the form sends is
 * the one the server works out.
 */
import { formatCents } from '@store/shared/money';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { FieldFor } from './field-props';

export const COVER_FEE_LABEL = /*i18n*/ 'Add {amount} so that all of my gift reaches the foundation';

type CoverFeeOptionProps = {
  field: FieldFor;
  /** What covering the fee adds to this bucket, in cents. */
  feeCents: number;
  currency: string;
};

export function CoverFeeOption({ field, feeCents, currency }: CoverFeeOptionProps) {
  const { i18n } = useLingui();
  // A fee of nothing (an entity charged no fee) offers nothing to cover.
  if (feeCents <= 0) return null;
  const { id, error: _error, ...checkbox } = field('coverFee');
  return (
    <div className="checkbox cover-fee">
      <input id={id} type="checkbox" {...checkbox} />
      <label htmlFor={id}>{i18n._(COVER_FEE_LABEL, { amount: formatCents(feeCents, currency) })}</label>
    </div>
  );
}
