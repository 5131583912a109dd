import { messages } from '@store/shared/messages';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { CatalogueSection } from './catalogue-section';
import './store.css';

/** `/concert`: the concert tiers as donation cards; adding one sends the visitor to /cart with from 'concert'. */
export function ConcertPage() {
  useDocumentTitle(messages.store.concertTitle);
  return (
    <>
      <h1>{messages.store.concertTitle}</h1>
      <CatalogueSection list="concert" from="concert" />
    </>
  );
}
