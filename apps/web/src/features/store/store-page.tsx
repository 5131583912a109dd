import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { CatalogueSection } from './catalogue-section';
import './store.css';

/** `/`: the donation catalogue (SPEC.md §2 "Catalogue (donation) screen"). */
export function StorePage() {
  const { i18n } = useLingui();
  useDocumentTitle();
  return (
    <>
      {/* The top bar already shows 'Online Store'; a hidden h1 keeps the outline sound for screen readers. */}
      <h1 className="visually-hidden">{i18n._('Donation Items')}</h1>
      <CatalogueSection list="items" />
    </>
  );
}
