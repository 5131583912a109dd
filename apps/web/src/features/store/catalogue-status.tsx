import { messages } from '@store/shared/messages';
import type { CatalogueState } from '#src/lib/catalogue/catalogue-context';
import { useLingui } from '#src/lib/i18n/use-lingui';

type CatalogueStatusProps = { state: Exclude<CatalogueState, { status: 'ready' }>; onRetry: () => void };

/** What the store and concert pages show until the catalogue has arrived. */
export function CatalogueStatus({ state, onRetry }: CatalogueStatusProps) {
  const { i18n } = useLingui();
  if (state.status === 'loading') {
    // A screen high: the items arriving then grow the page below the fold, and the footer (at the
    // bottom of a short page) is not seen jumping down (Lighthouse counted a layout shift of 0.2).
    return (
      <div className="catalogue-loading">
        <p role="status" className="notice">
          {i18n._(messages.store.loading)}
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="notice notice--error">
      <p>{i18n._(messages.store.loadFailed)}</p>
      <p>{state.message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {i18n._(messages.store.retry)}
      </button>
    </div>
  );
}
