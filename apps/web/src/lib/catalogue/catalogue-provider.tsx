import { type ReactNode, useMemo } from 'react';
import { useLoad } from '#src/lib/use-load';
import { CatalogueContext } from './catalogue-context';
import { getCatalogue } from './get-catalogue';

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const { state, retry } = useLoad(getCatalogue);
  const value = useMemo(() => ({ state, retry }), [state, retry]);
  return <CatalogueContext value={value}>{children}</CatalogueContext>;
}
