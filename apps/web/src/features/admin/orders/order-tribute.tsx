/**
 * A gift's tribute on the back office's order page: in honour or in memory of whom, the
 * donor's message, and the e-mail card: to whom, whether it shows the amount, and where it stands.
 * Terms of the order's facts list (`<dl>`); nothing for a gift without a tribute.
 */
import type { StaffTribute } from '@store/shared/staff';

const CARD_STATUS: Record<NonNullable<StaffTribute['card']>['status'], string> = {
  sent: 'Sent',
  queued: 'Queued to send',
  limited: 'Not sent: the recipient or the donor’s address reached the daily limit of cards',
  none: 'Not queued yet',
};

export function OrderTribute({ tribute }: { tribute: StaffTribute | null }) {
  if (!tribute) return null;
  const { card } = tribute;
  return (
    <>
      <dt>Tribute</dt>
      <dd>{`${tribute.kind === 'memory' ? 'In memory of' : 'In honour of'} ${tribute.name}`}</dd>
      {tribute.message && (
        <>
          <dt>Tribute message</dt>
          <dd className="admin-break">{tribute.message}</dd>
        </>
      )}
      <dt>Tribute card</dt>
      <dd className="admin-break">
        {card
          ? `${card.name}, ${card.email} (${card.showAmount ? 'shows the amount' : 'no amount'})`
          : 'None asked for'}
      </dd>
      {card && (
        <>
          <dt>Card status</dt>
          <dd>{CARD_STATUS[card.status]}</dd>
        </>
      )}
    </>
  );
}
