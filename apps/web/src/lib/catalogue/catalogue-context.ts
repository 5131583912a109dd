/**
 * The catalogue answer, fetched once for the whole app: the store and concert pages list its items,
 * and the top bar and footer need the foundation's name and site on every page.
 */
import type { CatalogueResponse } from '@store/shared/site';
import { createContext, useContext } from 'react';
import type { LoadState } from '#src/lib/use-load';

export type CatalogueState = LoadState<CatalogueResponse>;

export type CatalogueContextValue = { state: CatalogueState; retry: () => void };

export const CatalogueContext = createContext<CatalogueContextValue | null>(null);

export function useCatalogue(): CatalogueContextValue {
  const value = useContext(CatalogueContext);
  if (!value) throw new Error('useCatalogue must be used inside <CatalogueProvider>.');
  return value;
}
