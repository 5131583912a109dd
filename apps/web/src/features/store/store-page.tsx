import { useDocumentTitle } from '#src/lib/use-document-title';
import { CatalogueSection } from './catalogue-section';
import './store.css';

/** `/`: the donation catalogue (SPEC.md §2 "Catalogue (donation) screen"). */
export function StorePage() {
  useDocumentTitle();
  return (
    <>
      {/* The top bar already shows 'Online Store'; a hidden h1 keeps the outline sound for screen readers. */}
      <h1 className="visually-hidden">Donation Items</h1>
      <CatalogueSection list="items" />
    </>
  );
}
