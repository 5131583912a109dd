/** The claim's figures: what HMRC is asked to repay is a quarter of the gifts' total (basic rate). */
import type { GiftAidClaim } from '@store/shared/gift-aid-claim';
import { formatCents } from '@store/shared/money';

export function GiftAidSummary({ claim }: { claim: GiftAidClaim }) {
  // A test store's claim lists its sandbox gifts, so the path can be tried; HMRC must never get it.
  const testNotice = claim.test && (
    <p className="notice notice--error" role="note">
      Test store: these gifts moved no money. This claim shows how a real one would look; do not send it to HMRC.
    </p>
  );
  if (claim.donations === 0) {
    return (
      <>
        {testNotice}
        <p className="notice">{`No donations to claim for ${claim.quarter}.`}</p>
      </>
    );
  }
  return (
    <>
      {testNotice}
      <dl className="admin-panel" aria-label={`Claim for ${claim.quarter}`}>
        <dt>Donations</dt>
        <dd>{claim.donations}</dd>
        <dt>Total</dt>
        <dd>{formatCents(claim.totalPence, 'GBP')}</dd>
        <dt>Gift Aid to claim (25%)</dt>
        <dd>{formatCents(claim.claimablePence, 'GBP')}</dd>
      </dl>
    </>
  );
}
