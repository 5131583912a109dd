import { cardColour, cutDescription, isOpenAmount } from '@store/shared/catalogue';
import { messages } from '@store/shared/messages';
import { formatDollars } from '@store/shared/money';
import type { CatalogueItem } from '@store/shared/site';
import { useId, useState } from 'react';

/** SPEC.md §2: only the item with id 9 (the book) shows its picture; every other card shows its name. */
const PICTURED_ITEM_ID = 9;

type DonationCardProps = {
  item: CatalogueItem;
  /** The custom amount the open-amount cards share (SPEC.md §2: one input shared by ids 7 and 8). */
  amount: string;
  onAmountChange: (value: string) => void;
  onDonate: (item: CatalogueItem) => void;
};

export function DonationCard({ item, amount, onAmountChange, onDonate }: DonationCardProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const cut = cutDescription(item.desc);
  const pictured = item.id === PICTURED_ITEM_ID && item.image !== undefined;

  return (
    <article aria-label={item.name} className={`card card--${cardColour(item.price)}`}>
      {pictured ? (
        <img
          className="card__image"
          src={item.image}
          alt={item.imageAlt ?? item.name}
          width={200}
          height={300}
          // Third card: below the fold on a phone, where most visitors are.
          loading="lazy"
          decoding="async"
        />
      ) : (
        <h2 className="card__title">{item.name}</h2>
      )}

      <p id={`${id}-desc`} className="card__desc">
        {cut.isCut && !expanded ? cut.text : item.desc}
      </p>
      {cut.isCut && (
        <button
          type="button"
          className="text-button"
          aria-expanded={expanded}
          aria-controls={`${id}-desc`}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? messages.store.showLess : messages.store.more}
        </button>
      )}

      <div className="card__footer">
        {/* SPEC.md §2: every card has a price line; an open amount's says the donor chooses it. */}
        <p className="card__price">{`${messages.store.price} ${isOpenAmount(item) ? messages.store.anyAmount : formatDollars(item.price)}`}</p>
        {isOpenAmount(item) && (
          <div className="card__amount">
            <label htmlFor={`${id}-amount`}>{messages.store.amountLabel}</label>
            {/* A per-card name keeps the two shared inputs apart for assistive tech and tests. */}
            <input
              id={`${id}-amount`}
              type="number"
              min="1"
              step="0.01"
              inputMode="decimal"
              aria-label={`${messages.store.amountLabel} for ${item.name}`}
              value={amount}
              onChange={(event) => onAmountChange(event.target.value)}
            />
          </div>
        )}
        <button type="button" className="button" onClick={() => onDonate(item)}>
          {messages.store.donate}
        </button>
      </div>
    </article>
  );
}
