/**
 * One monthly gift on the dashboard (issue 22): what it is, when it is next charged (or why not),
 * its card and its history; and the donor's actions, each effective at once: change the amount (an
 * open amount) or the tier (a concert tier, whose amount is its price), pause or resume, a new card, cancel (after a confirmation: it is final).
 */
import { formatDollars } from '@store/shared/money';
import type { MonthlyGift } from '@store/shared/monthly-giving';
import { ordinalDay } from '@store/shared/monthly-lines';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';
import { MonthlyAmountForm } from './monthly-amount-form';
import { MonthlyCardUpdate } from './monthly-card-update';
import type { MonthlyGiftAction, MonthlyGiftsApi } from './monthly-gifts-api';
import { MonthlyTierForm } from './monthly-tier-form';

type Charge = MonthlyGift['charges'][number];

const STATUS_TEXT: Record<Charge['status'], string> = { succeeded: 'Paid', failed: 'Declined', pending: 'Processing' };

const HISTORY: readonly DataColumn<Charge>[] = [
  { header: 'Date', cell: (charge) => <DateCell iso={charge.date} /> },
  { header: 'Amount', cell: (charge) => formatDollars(charge.amount), className: 'report-table__number' },
  { header: 'Status', cell: (charge) => STATUS_TEXT[charge.status] },
  { header: 'Receipt', cell: (charge) => charge.receiptNumber ?? '—' },
];

const DONE: Record<MonthlyGiftAction | 'amount' | 'tier' | 'card', string> = {
  amount: 'Monthly amount changed. A confirmation is on its way by e-mail.',
  tier: 'Monthly gift moved to the new tier. A confirmation is on its way by e-mail.',
  pause: 'Monthly gift paused. A confirmation is on its way by e-mail.',
  resume: 'Monthly gift resumed. A confirmation is on its way by e-mail.',
  cancel: 'Monthly gift cancelled. A confirmation is on its way by e-mail.',
  card: 'Card updated. A confirmation is on its way by e-mail.',
};

/** "Visa ending in 1111, exp 12/29". */
export function cardText(card: MonthlyGift['card']): string {
  if (!card) return 'No card on file';
  const expiry =
    card.expMonth !== null && card.expYear !== null
      ? `, exp ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`
      : '';
  return `${card.brand} ending in ${card.lastFour}${expiry}`;
}

type Open = 'amount' | 'tier' | 'card' | 'cancel' | null;

export function MonthlyGiftCard({
  gift,
  api,
  onChanged,
}: {
  gift: MonthlyGift;
  api: MonthlyGiftsApi;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState<MonthlyGiftAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelled = gift.status === 'cancelled';
  const declined = gift.status === 'paused' && gift.pausedReason === 'card_declined';
  // An open amount changes to any amount; a concert tier keeps its price or moves to another tier.
  const change = gift.openAmount ? 'amount' : gift.tiers.length > 1 ? 'tier' : null;

  async function done(what: keyof typeof DONE) {
    setOpen(null);
    toast.success(DONE[what]);
    await onChanged();
  }

  async function act(action: MonthlyGiftAction) {
    if (busy) return;
    setBusy(action);
    setProblem(null);
    try {
      await api.act(gift.id, action);
      await done(action);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className={`monthly-gift monthly-gift--${gift.status}`} aria-labelledby={`${id}-name`}>
      <header className="monthly-gift__head">
        <h3 id={`${id}-name`}>{gift.itemName}</h3>
        <p className="monthly-gift__amount">{`${formatDollars(gift.amount)} a month`}</p>
      </header>
      <dl className="monthly-gift__facts">
        <div>
          <dt>Center</dt>
          <dd>{gift.centerName}</dd>
        </div>
        <div>
          <dt>Next charge</dt>
          <dd>
            <NextCharge gift={gift} />
          </dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd>{cardText(gift.card)}</dd>
        </div>
      </dl>
      {declined && (
        <p className="monthly-gift__declined" role="note">
          <strong>Paused: your card was declined.</strong> Update your card to continue.
        </p>
      )}
      {!cancelled && (
        <div className="account-actions monthly-gift__actions">
          {change && (
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={open === change}
              onClick={() => setOpen(open === change ? null : change)}
            >
              {change === 'amount' ? 'Change amount' : 'Change tier'}
            </button>
          )}
          {gift.status === 'active' ? (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy !== null}
              onClick={() => void act('pause')}
            >
              {busy === 'pause' ? 'Pausing…' : 'Pause'}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy !== null}
              onClick={() => void act('resume')}
            >
              {busy === 'resume' ? 'Resuming…' : 'Resume'}
            </button>
          )}
          <button
            type="button"
            className={declined ? 'button' : 'button button--secondary'}
            aria-expanded={open === 'card'}
            onClick={() => setOpen(open === 'card' ? null : 'card')}
          >
            Update card
          </button>
          <button
            type="button"
            className="button button--secondary monthly-gift__cancel"
            aria-expanded={open === 'cancel'}
            onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}
          >
            Cancel gift
          </button>
        </div>
      )}
      {open === 'amount' && (
        <MonthlyAmountForm
          current={gift.amount}
          save={(amount) => api.changeAmount(gift.id, amount)}
          onSaved={() => done('amount')}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'tier' && (
        <MonthlyTierForm
          currentId={gift.itemId}
          tiers={gift.tiers}
          save={(tierId) => api.changeTier(gift.id, tierId)}
          onSaved={() => done('tier')}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'card' && (
        <MonthlyCardUpdate
          save={(nonce) => api.updateCard(gift.id, nonce)}
          onSaved={() => done('card')}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'cancel' && (
        <div className="monthly-gift__confirm">
          <p id={`${id}-confirm`}>
            {`Cancel your monthly gift of ${formatDollars(gift.amount)} to ${gift.itemName}? Nothing more will be charged, and a cancelled gift cannot be resumed.`}
          </p>
          <div className="account-actions">
            <button type="button" className="button button--danger" onClick={() => void act('cancel')}>
              {busy === 'cancel' ? 'Cancelling…' : 'Yes, cancel the gift'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
              Keep the gift
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="account-alert">
          {problem}
        </p>
      )}
      <details className="monthly-gift__history">
        <summary>{`History (${gift.charges.length} ${gift.charges.length === 1 ? 'charge' : 'charges'})`}</summary>
        <DataTable
          columns={HISTORY}
          rows={gift.charges}
          rowKey={(charge) => charge.orderId}
          name={{ label: `Charges of ${gift.itemName}` }}
          scrollLabel={`Charges of ${gift.itemName}`}
        />
      </details>
    </article>
  );
}

function NextCharge({ gift }: { gift: MonthlyGift }) {
  if (gift.status === 'cancelled') return <span className="monthly-gift__status">Cancelled</span>;
  if (gift.status === 'paused') return <span className="monthly-gift__status">Paused</span>;
  if (!gift.nextChargeOn) return <>—</>;
  return (
    <>
      <DateCell iso={gift.nextChargeOn} />
      {` (the ${ordinalDay(gift.billingDay)} of each month)`}
    </>
  );
}
