import { messages } from '@store/shared/messages';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';

/** SPEC.md §1: the footer states the foundation is a non-profit and donations are tax-deductible. */
export function SiteFooter() {
  const { state } = useCatalogue();
  const name = state.status === 'ready' ? state.data.foundation.name : messages.store.footerFallbackName;
  return (
    <footer className="site-footer">
      <p>{`${name} ${messages.store.footer}`}</p>
    </footer>
  );
}
