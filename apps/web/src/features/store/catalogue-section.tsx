import { isOpenAmount } from '@store/shared/catalogue';
import { itemPrice, suggestedAmountsFor } from '@store/shared/prices';
import { Suspense } from 'react';
import type { CartNavigationState } from '#src/lib/cart/cart-navigation';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useGiving } from '#src/lib/giving-country/use-giving';
import { CatalogueGrid } from './catalogue-grid';
import { CatalogueStatus } from './catalogue-status';
import { CountryChoice, CountryNote } from './country-choice';
import { GivingPanel } from './giving-panel';

type CatalogueSectionProps = {
  /** Which list of the catalogue answer to show. */
  list: 'items' | 'concert';
  from?: CartNavigationState['from'];
};

/**
 * One catalogue list, or the loading / error state while there is none to show: its open-amount
 * items as the giving panel on top (one shared amount, SPEC.md §2), then the fixed-price cards.
 */
export function CatalogueSection({ list, from }: CatalogueSectionProps) {
  const { state, retry } = useCatalogue();
  const { currency } = useGiving();
  if (state.status !== 'ready') return <CatalogueStatus state={state} onRetry={retry} />;
  // Each item at its price in the visitor's currency; one not sold in it is not shown.
  const items = state.data[list].flatMap((item) => {
    const price = itemPrice(item, currency);
    return price === null ? [] : [{ ...item, price }];
  });
  const causes = items.filter(isOpenAmount);
  const fixed = items.filter((item) => !isOpenAmount(item));
  return (
    // The cards need the bucket, which may still be loading: keep showing "loading" until it is there.
    <Suspense fallback={<CatalogueStatus state={{ status: 'loading' }} onRetry={retry} />}>
      <CountryNote />
      {causes.length > 0 && (
        <GivingPanel
          causes={causes}
          // The mission is the store's opening line, not the concert page's.
          mission={list === 'items' ? state.data.foundation.mission : undefined}
          suggestedAmounts={suggestedAmountsFor(state.data.giving, currency)}
          currency={currency}
          from={from}
        />
      )}
      {fixed.length > 0 && (
        <CatalogueGrid
          items={fixed}
          from={from}
          currency={currency}
          concertIds={state.data.concert.map((item) => item.id)}
        />
      )}
      <CountryChoice />
    </Suspense>
  );
}
