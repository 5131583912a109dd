import { cardColour, cutDescription, isOpenAmount } from '@store/shared/catalogue';
import { messages } from '@store/shared/messages';
import { formatDollars } from '@store/shared/money';
import { monthlyTexts } from '@store/shared/monthly-lines';
import type { CatalogueItem } from '@store/shared/site';
import { useId, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

/** SPEC.md §2: only the item with id 9 (the book) shows its picture; every other card shows its name. */
const PICTURED_ITEM_ID = 9;

type DonationCardProps = {
  item: CatalogueItem;
  onDonate: (item: CatalogueItem) => void;
  /**
   * A cause of the giving panel (an open-amount item): its price line and Donate come right under
   * its name and the description after them, so on a phone both causes' Donate buttons sit side by
   * side above the descriptions (giving.css).
   */
  cause?: boolean;
  /** Issue 22: an item that may be given monthly gets "Give monthly" beside Donate. */
  onGiveMonthly?: ((item: CatalogueItem) => void) | undefined;
  /** The currency of `item.price` (the visitor's); US dollars by default. */
  currency?: string | undefined;
};

/** One catalogue card (SPEC.md §2): picture or name, description with More / Show less, price line, Donate. */
export function DonationCard({ item, onDonate, cause = false, onGiveMonthly, currency }: DonationCardProps) {
  const { i18n } = useLingui();
  const pictured = item.id === PICTURED_ITEM_ID && item.image !== undefined;
  const price = (
    // SPEC.md §2: every card has a price line; an open amount's says the donor chooses it.
    <p className="card__price">{`${i18n._(messages.store.price)} ${isOpenAmount(item) ? i18n._(messages.store.anyAmount) : formatDollars(item.price, currency)}`}</p>
  );
  const donateOnce = (
    <button type="button" className="button card__donate" onClick={() => onDonate(item)}>
      {i18n._(messages.store.donate)}
    </button>
  );
  const donate = onGiveMonthly ? (
    <span className="card__actions">
      {donateOnce}
      <button
        type="button"
        className="button button--secondary card__monthly"
        aria-label={`${i18n._(monthlyTexts.giveMonthly)}: ${item.name}`}
        onClick={() => onGiveMonthly(item)}
      >
        {/* "Give monthly" where there is room; "Monthly" beside Donate on a phone (store.css). */}
        <span className="card__monthly-long">{i18n._(monthlyTexts.giveMonthly)}</span>
        <span className="card__monthly-short">{i18n._(monthlyTexts.monthly)}</span>
      </button>
    </span>
  ) : (
    donateOnce
  );

  if (cause) {
    return (
      <article aria-label={item.name} className={`card card--${cardColour(item.price)} cause`}>
        <div className="cause__head">
          <h2 className="card__title">{item.name}</h2>
          {price}
          {donate}
        </div>
        <div className="cause__about">
          {/* On a phone the description stands apart from its name (giving.css): this repeats the
              name above it for the eye; the heading already gives it to assistive tech. */}
          <p className="cause__about-name" aria-hidden="true">
            {item.name}
          </p>
          <Description text={item.desc} />
        </div>
      </article>
    );
  }

  return (
    <article
      aria-label={item.name}
      className={`card card--${cardColour(item.price)}${pictured ? ' card--pictured' : ''}`}
    >
      {pictured ? (
        <img
          className="card__image"
          src={item.image}
          alt={item.imageAlt ?? item.name}
          width={200}
          height={300}
          // Below the giving panel, past the first screen of a phone, where most visitors are.
          loading="lazy"
          decoding="async"
        />
      ) : (
        <h2 className="card__title">{item.name}</h2>
      )}
      <Description text={item.desc} />
      <div className="card__footer">
        {price}
        {donate}
      </div>
    </article>
  );
}

/** SPEC.md §2: a description over 500 characters is cut, with a More / Show less toggle. */
function Description({ text }: { text: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const cut = cutDescription(text);
  return (
    <>
      <p id={`${id}-desc`} className="card__desc">
        {cut.isCut && !expanded ? cut.text : text}
      </p>
      {cut.isCut && (
        <button
          type="button"
          className="text-button"
          aria-expanded={expanded}
          aria-controls={`${id}-desc`}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? i18n._(messages.store.showLess) : i18n._(messages.store.more)}
        </button>
      )}
    </>
  );
}
