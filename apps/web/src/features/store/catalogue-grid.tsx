import { canGiveMonthly } from '@store/shared/monthly-lines';
import type { CatalogueItem } from '@store/shared/site';
import type { CartNavigationState } from '#src/lib/cart/cart-navigation';
import { DonationCard } from './donation-card';
import { useDonate } from './use-donate';

type CatalogueGridProps = {
  /** Fixed-price items; open-amount ones are the giving panel's. */
  items: readonly CatalogueItem[];
  /** Told to /cart so its back link returns to the right page. */
  from?: CartNavigationState['from'];
  /** The concert tiers' ids: each may also be given monthly (issue 22). */
  concertIds?: readonly number[];
  /** The currency the items' prices are in. */
  currency?: string;
};

/**
 * The columns follow the count so no row is left half empty: one card lies wide (picture beside its
 * text), two or four go in pairs (the concert's four tiers: all four Donate buttons on a desktop's
 * first screen), otherwise three columns (SPEC.md §2). One column on phones.
 */
function gridModifier(count: number): string {
  if (count === 1) return ' catalogue-grid--single';
  if (count === 2 || count === 4) return ' catalogue-grid--pairs';
  return '';
}

export function CatalogueGrid({ items, from, concertIds = [], currency }: CatalogueGridProps) {
  const donate = useDonate(from);
  return (
    <div className={`catalogue-grid${gridModifier(items.length)}`}>
      {items.map((item) => (
        <DonationCard
          key={item.id}
          item={item}
          currency={currency}
          onDonate={(chosen) => donate(chosen)}
          onGiveMonthly={canGiveMonthly(item, concertIds) ? (chosen) => donate(chosen, undefined, true) : undefined}
        />
      ))}
    </div>
  );
}
