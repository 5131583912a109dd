/** The claim's figures: what HMRC is asked to repay is a quarter of the gifts' total (basic rate). */
import type { GiftAidClaim } from '@store/shared/gift-aid-claim';
import { formatCents } from '@store/shared/money';

export function GiftAidSummary({ claim }: { claim: GiftAidClaim }) {
  if (claim.donations === 0) {
    return <p className="notice">{`No donations to claim for ${claim.quarter}.`}</p>;
  }
  return (
    <dl className="admin-panel" aria-label={`Claim for ${claim.quarter}`}>
      <dt>Donations</dt>
      <dd>{claim.donations}</dd>
      <dt>Total</dt>
      <dd>{formatCents(claim.totalPence, 'GBP')}</dd>
      <dt>Gift Aid to claim (25%)</dt>
      <dd>{formatCents(claim.claimablePence, 'GBP')}</dd>
    </dl>
  );
}
