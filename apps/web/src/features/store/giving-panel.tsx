import { currencySymbol } from '@store/shared/currencies';
import { messages } from '@store/shared/messages';
import { formatDollarsShort, parseDonationAmount } from '@store/shared/money';
import { monthlyTexts } from '@store/shared/monthly-lines';
import type { CatalogueItem } from '@store/shared/site';
import { useId, useRef, useState } from 'react';
import type { CartNavigationState } from '#src/lib/cart/cart-navigation';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { DonationCard } from './donation-card';
import { useDonate } from './use-donate';

type GivingPanelProps = {
  /** The open-amount items (SPEC.md §3: ids 7 and 8), shown as the causes of one shared amount. */
  causes: readonly CatalogueItem[];
  /** site.json's foundation.mission: one line saying what a gift does. */
  mission?: string;
  /** site.json's giving.suggestedAmounts, in dollars. */
  suggestedAmounts: readonly number[];
  /** The currency the amounts are in (the visitor's). */
  currency: string;
  from?: CartNavigationState['from'];
};

/** A suggested amount (dollars) or 'other' (the typed amount); null before the donor picks. */
type Choice = number | 'other' | null;

/*
 * Why a panel and not two more cards in the grid (issue 17): SPEC.md §2 wants ONE custom amount
 * shared by ids 7 and 8, and a first screen that asks for money. Two cards each holding a mirror of
 * the input showed $25 typed for one cause under the other, and put every Donate below the fold of a
 * 1280×800 screen. Here the amount is one input (with suggested amounts) and each cause keeps its
 * whole SPEC card inside the panel: its name as a heading, its description (cut with More / Show less
 * as any card's), the price line 'Price: Any amount' and a 'Donate' that adds it at the shared amount.
 * The rules hold as they did: an empty or invalid amount alerts and adds nothing (SPEC.md §5), an add
 * toasts and goes to /cart (useDonate, as for the cards) and clears the amount (§4). The fixed-price
 * items stay cards in the grid below. Decision 0021 has the measurements.
 */
export function GivingPanel({ causes, mission, suggestedAmounts, currency, from }: GivingPanelProps) {
  const { i18n } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [choice, setChoice] = useState<Choice>(null);
  // What the donor typed; kept while they try a suggested amount, so 'Other' brings it back.
  const [typed, setTyped] = useState('');
  // Issue 22: the causes may be given once or every month; one choice for both, like the amount.
  const [monthly, setMonthly] = useState(false);
  const amount = typeof choice === 'number' ? String(choice) : typed;
  const donate = useDonate(from);

  function give(cause: CatalogueItem) {
    const cents = parseDonationAmount(amount);
    if (cents === null) {
      // SPEC.md §5 and §8 name a browser alert for this, not an inline error.
      window.alert(i18n._(messages.store.invalidAmount));
      return;
    }
    donate(cause, cents, monthly);
    setChoice(null);
    setTyped('');
    setMonthly(false);
  }

  function chooseOther() {
    setChoice('other');
    input.current?.focus();
  }

  return (
    <section className="giving" aria-label={i18n._(messages.store.givingLabel)}>
      {mission && <p className="giving__mission">{mission}</p>}
      <div className="giving__body">
        <div className="giving__amount">
          {/* Toggle buttons (aria-pressed), one Tab stop each: Enter or Space picks, and 'Other'
              can move focus to the input, which a radio changed by the arrow keys should not. */}
          <fieldset className="giving__choices">
            <legend className="giving__label">{i18n._(messages.store.chooseAmount)}</legend>
            <div className="giving__choice-grid">
              {suggestedAmounts.map((dollars) => (
                <button
                  key={dollars}
                  type="button"
                  className="giving__choice"
                  aria-pressed={choice === dollars}
                  onClick={() => setChoice(dollars)}
                >
                  {formatDollarsShort(dollars, currency)}
                </button>
              ))}
              <button type="button" className="giving__choice" aria-pressed={choice === 'other'} onClick={chooseOther}>
                {i18n._(messages.store.otherAmount)}
              </button>
            </div>
          </fieldset>
          <label htmlFor={`${id}-amount`} className="giving__label">
            {i18n._(messages.store.amountLabelIn, { currency })}
          </label>
          <div className="giving__field">
            <span aria-hidden="true">{currencySymbol(currency)}</span>
            <input
              ref={input}
              id={`${id}-amount`}
              type="number"
              min="1"
              step="0.01"
              inputMode="decimal"
              aria-describedby={`${id}-hint`}
              value={amount}
              onChange={(event) => {
                setTyped(event.target.value);
                setChoice('other');
              }}
            />
          </div>
          <p id={`${id}-hint`} className="giving__hint">
            {i18n._(messages.store.givingHint)}
          </p>
          <fieldset className="giving__choices giving__frequency">
            <legend className="giving__label">{i18n._(monthlyTexts.frequency)}</legend>
            <div className="giving__frequency-grid">
              <button
                type="button"
                className="giving__choice"
                aria-pressed={!monthly}
                onClick={() => setMonthly(false)}
              >
                {i18n._(monthlyTexts.oneTime)}
              </button>
              <button type="button" className="giving__choice" aria-pressed={monthly} onClick={() => setMonthly(true)}>
                {i18n._(monthlyTexts.monthly)}
              </button>
            </div>
          </fieldset>
          {monthly && <p className="giving__hint">{i18n._(monthlyTexts.monthlyHint)}</p>}
        </div>
        <div className="giving__causes">
          {causes.map((cause) => (
            <DonationCard key={cause.id} item={cause} cause currency={currency} onDonate={give} />
          ))}
        </div>
      </div>
    </section>
  );
}
