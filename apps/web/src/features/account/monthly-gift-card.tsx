/**
 * One monthly gift on the dashboard (issue 22): what it is, when it is next charged (or why not),
 * its card and its history; and the donor's actions, each effective at once: change the amount (an
 * open amount) or the tier (a concert tier, whose amount is its price), pause or resume, a new card, cancel (after a confirmation: it is final).
 */
import { type I18n, i18n as pageI18n } from '@lingui/core';
import { formatDollars } from '@store/shared/money';
import type { MonthlyGift } from '@store/shared/monthly-giving';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';
import { knownText } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { MonthlyAmountForm } from './monthly-amount-form';
import { MonthlyCardUpdate } from './monthly-card-update';
import { MonthlyCoverFee } from './monthly-cover-fee';
import type { MonthlyGiftAction, MonthlyGiftsApi } from './monthly-gifts-api';
import { MonthlyTierForm } from './monthly-tier-form';

type Charge = MonthlyGift['charges'][number];

// The texts below are marked for the message catalogues and shown with i18n._ in the page's language.
const STATUS_TEXT: Record<Charge['status'], string> = {
  succeeded: /*i18n*/ 'Paid',
  failed: /*i18n*/ 'Declined',
  pending: /*i18n*/ 'Processing',
};

/** The history's columns, headed in the page's language. */
const history = (i18n: I18n): readonly DataColumn<Charge>[] => [
  { header: i18n._('Date'), cell: (charge) => <DateCell iso={charge.date} /> },
  { header: i18n._('Amount'), cell: (charge) => formatDollars(charge.amount), className: 'report-table__number' },
  { header: i18n._('Status'), cell: (charge) => i18n._(STATUS_TEXT[charge.status]) },
  { header: i18n._('Receipt'), cell: (charge) => charge.receiptNumber ?? '—' },
];

const DONE: Record<MonthlyGiftAction | 'amount' | 'tier' | 'card', string> = {
  amount: /*i18n*/ 'Monthly amount changed. A confirmation is on its way by e-mail.',
  tier: /*i18n*/ 'Monthly gift moved to the new tier. A confirmation is on its way by e-mail.',
  pause: /*i18n*/ 'Monthly gift paused. A confirmation is on its way by e-mail.',
  resume: /*i18n*/ 'Monthly gift resumed. A confirmation is on its way by e-mail.',
  cancel: /*i18n*/ 'Monthly gift cancelled. A confirmation is on its way by e-mail.',
  card: /*i18n*/ 'Card updated. A confirmation is on its way by e-mail.',
};

/** "Visa ending in 1111, exp 12/29", in the page's language (the brand is the card's own name). */
export function cardText(card: MonthlyGift['card'], i18n: I18n = pageI18n): string {
  if (!card) return i18n._('No card on file');
  // A stored PayPal or Venmo account is named by the wallet alone (no digits, no expiry).
  if (card.lastFour === '') return card.brand;
  const values = { brand: card.brand, lastFour: card.lastFour };
  if (card.expMonth === null || card.expYear === null) return i18n._('{brand} ending in {lastFour}', values);
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
  return i18n._('{brand} ending in {lastFour}, exp {expiry}', { ...values, expiry });
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
  const { i18n } = useLingui();
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
    toast.success(i18n._(DONE[what]));
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
      setProblem(error instanceof Error ? knownText(i18n, error.message) : String(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className={`monthly-gift monthly-gift--${gift.status}`} aria-labelledby={`${id}-name`}>
      <header className="monthly-gift__head">
        <h3 id={`${id}-name`}>{gift.itemName}</h3>
        <p className="monthly-gift__amount">{i18n._('{amount} a month', { amount: formatDollars(gift.amount) })}</p>
      </header>
      <dl className="monthly-gift__facts">
        <div>
          <dt>{i18n._('Center')}</dt>
          <dd>{gift.centerName}</dd>
        </div>
        <div>
          <dt>{i18n._('Next charge')}</dt>
          <dd>
            <NextCharge gift={gift} />
          </dd>
        </div>
        <div>
          <dt>{i18n._('Card')}</dt>
          <dd>{cardText(gift.card, i18n)}</dd>
        </div>
      </dl>
      <MonthlyCoverFee gift={gift} save={(coverFee) => api.setCoverFee(gift.id, coverFee)} onSaved={onChanged} />
      {declined && (
        <p className="monthly-gift__declined" role="note">
          <Trans
            id={/*i18n*/ '<0>Paused: your card was declined.</0> Update your card to continue.'}
            components={{ 0: <strong /> }}
          />
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
              {change === 'amount' ? i18n._('Change amount') : i18n._('Change tier')}
            </button>
          )}
          {gift.status === 'active' ? (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy !== null}
              onClick={() => void act('pause')}
            >
              {busy === 'pause' ? i18n._('Pausing…') : i18n._('Pause')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy !== null}
              onClick={() => void act('resume')}
            >
              {busy === 'resume' ? i18n._('Resuming…') : i18n._('Resume')}
            </button>
          )}
          <button
            type="button"
            className={declined ? 'button' : 'button button--secondary'}
            aria-expanded={open === 'card'}
            onClick={() => setOpen(open === 'card' ? null : 'card')}
          >
            {i18n._('Update card')}
          </button>
          <button
            type="button"
            className="button button--secondary monthly-gift__cancel"
            aria-expanded={open === 'cancel'}
            onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}
          >
            {i18n._('Cancel gift')}
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
            {i18n._(
              'Cancel your monthly gift of {amount} to {name}? Nothing more will be charged, and a cancelled gift cannot be resumed.',
              { amount: formatDollars(gift.amount), name: gift.itemName },
            )}
          </p>
          <div className="account-actions">
            <button type="button" className="button button--danger" onClick={() => void act('cancel')}>
              {busy === 'cancel' ? i18n._('Cancelling…') : i18n._('Yes, cancel the gift')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
              {i18n._('Keep the gift')}
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
        <summary>
          {i18n._('History ({count, plural, one {# charge} other {# charges}})', { count: gift.charges.length })}
        </summary>
        <DataTable
          columns={history(i18n)}
          rows={gift.charges}
          rowKey={(charge) => charge.orderId}
          name={{ label: i18n._('Charges of {name}', { name: gift.itemName }) }}
          scrollLabel={i18n._('Charges of {name}', { name: gift.itemName })}
        />
      </details>
    </article>
  );
}

function NextCharge({ gift }: { gift: MonthlyGift }) {
  const { i18n } = useLingui();
  if (gift.status === 'cancelled') return <span className="monthly-gift__status">{i18n._('Cancelled')}</span>;
  if (gift.status === 'paused') return <span className="monthly-gift__status">{i18n._('Paused')}</span>;
  if (!gift.nextChargeOn) return <>—</>;
  // The day as ICU's ordinal ('15th' in English, as ordinalDay of @store/shared/monthly-lines wrote it).
  return (
    <>
      <DateCell iso={gift.nextChargeOn} />{' '}
      {i18n._('(the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month)', {
        day: gift.billingDay,
      })}
    </>
  );
}
