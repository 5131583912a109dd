import { messages } from '@store/shared/messages';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { CatalogueSection } from './catalogue-section';
import './store.css';

/** `/concert`: the concert tiers as donation cards; adding one sends the visitor to /cart with from 'concert'. */
export function ConcertPage() {
  const { i18n } = useLingui();
  const title = i18n._(messages.store.concertTitle);
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <CatalogueSection list="concert" from="concert" />
    </>
  );
}
