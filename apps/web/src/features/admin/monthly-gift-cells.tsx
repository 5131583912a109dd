/** How a monthly gift's status and next charge read in the back office's tables (the list and a donor's page). */
import { ordinalDay } from '@store/shared/monthly-giving';
import type { StaffMonthlyGift } from '@store/shared/staff-monthly-gifts';
import { formatCalendarDay, formatDay } from '#src/lib/format';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';

export function StatusCell({ gift }: { gift: StaffMonthlyGift }) {
  if (gift.status === 'paused' && gift.pausedReason === 'card_declined') {
    return <span className="admin-badge admin-badge--alert">Paused: card declined</span>;
  }
  if (gift.status === 'paused') return <span className="admin-badge">Paused by donor</span>;
  if (gift.status === 'cancelled') return <span className="admin-badge admin-badge--muted">Cancelled</span>;
  return (
    <span className="admin-badge admin-badge--ok">
      Active
      {gift.failedAttempts > 0 ? `, ${gift.failedAttempts} declined` : ''}
    </span>
  );
}

/** The next charge's day, and the billing day it keeps (none for a cancelled gift: it has no more). */
export function NextChargeCell({ gift }: { gift: StaffMonthlyGift }) {
  if (gift.status === 'cancelled') return '–';
  return (
    <>
      {gift.nextChargeOn ? formatCalendarDay(gift.nextChargeOn) : 'None while paused'}
      <br />
      <span className="admin-muted">{`the ${ordinalDay(gift.billingDay)} of each month`}</span>
    </>
  );
}

/**
 * An instant's day alone at the foundation (the time of a monthly charge tells little): the table
 * fits a laptop's width, and the page needs no zone note.
 */
export function DayCell({ iso }: { iso: string }) {
  const timeZone = useFoundationTimeZone();
  return <time dateTime={iso}>{formatDay(iso, timeZone)}</time>;
}
