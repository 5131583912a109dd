/** How a monthly gift's status and next charge read in the back office's tables (the list and a donor's page). */
import { ordinalDay } from '@store/shared/monthly-giving';
import type { StaffMonthlyGift } from '@store/shared/staff-monthly-gifts';
import { formatLongDay } from '#src/lib/format';

export function StatusCell({ gift }: { gift: StaffMonthlyGift }) {
  if (gift.status === 'paused' && gift.pausedReason === 'card_declined') {
    return <span className="admin-badge admin-badge--alert">Paused: card declined</span>;
  }
  if (gift.status === 'paused') return <span className="admin-badge">Paused by donor</span>;
  if (gift.status === 'cancelled') return <span className="admin-badge admin-badge--muted">Cancelled</span>;
  return (
    <span className="admin-badge admin-badge--ok">
      Active
      {gift.failedAttempts > 0 ? `, ${gift.failedAttempts} declined this month` : ''}
    </span>
  );
}

export function NextChargeCell({ gift }: { gift: StaffMonthlyGift }) {
  const day = `the ${ordinalDay(gift.billingDay)} of each month`;
  return (
    <>
      {gift.nextChargeOn ? formatLongDay(gift.nextChargeOn) : '–'}
      <br />
      <span className="admin-muted">{day}</span>
    </>
  );
}
