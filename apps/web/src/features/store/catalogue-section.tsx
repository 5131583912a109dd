import { Suspense } from 'react';
import type { CartNavigationState } from '#src/lib/cart/cart-navigation';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { CatalogueGrid } from './catalogue-grid';
import { CatalogueStatus } from './catalogue-status';

type CatalogueSectionProps = {
  /** Which list of the catalogue answer to show. */
  list: 'items' | 'concert';
  from?: CartNavigationState['from'];
};

/** The cards of one catalogue list, or the loading / error state while there are none to show. */
export function CatalogueSection({ list, from }: CatalogueSectionProps) {
  const { state, retry } = useCatalogue();
  if (state.status !== 'ready') return <CatalogueStatus state={state} onRetry={retry} />;
  return (
    // The grid needs the bucket, which may still be loading: keep showing "loading" until it is there.
    <Suspense fallback={<CatalogueStatus state={{ status: 'loading' }} onRetry={retry} />}>
      <CatalogueGrid items={state.data[list]} from={from} />
    </Suspense>
  );
}
