import { messages } from '@store/shared/messages';
import { Link, useLocation } from 'react-router';
import { useCart } from '#src/lib/cart/cart-context';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { ClientOnly } from '#src/lib/client-only';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { LanguageChoice } from './language-choice';
import { SiteLinks } from './site-links';

export function TopBar() {
  const { i18n } = useLingui();
  const { state } = useCatalogue();
  const { pathname } = useLocation();
  const foundation = state.status === 'ready' ? state.data.foundation : null;

  const brand = (
    <>
      <img className="top-bar__logo" src="/logo.svg" alt="" width={40} height={40} />
      <span className="top-bar__title">{i18n._(messages.store.title)}</span>
    </>
  );

  return (
    <header className="top-bar">
      <LanguageChoice />
      <div className="top-bar__inner">
        {/* SPEC.md §2: logo and title link to the foundation's own site, known once the catalogue arrives. */}
        {foundation ? (
          <a
            className="top-bar__brand"
            href={foundation.url}
            title={i18n._('{name} home page', { name: foundation.name })}
          >
            {brand}
          </a>
        ) : (
          <span className="top-bar__brand">{brand}</span>
        )}
        {/* Beside the brand from 768 px, on a row of its own below it on a phone (styles.css). */}
        <nav className="top-bar__nav" aria-label={i18n._(messages.nav.topBarLabel)}>
          <SiteLinks listClassName="top-bar__links" />
        </nav>
        {/* Nothing to show until the bucket is read (never in the pre-rendered page); the button
            appears once it holds an item, in room the bar keeps for it. Not on PAY_PAGES, where
            it would lead to itself; unmounted there rather than told, since re-rendering the
            bucket's subtree during the navigation suspended it (the component tests saw it). */}
        {!PAY_PAGES.includes(pathname) && (
          <ClientOnly fallback={null}>
            <ProceedToPay />
          </ClientOnly>
        )}
      </div>
    </header>
  );
}

/** The pages the button would only link back to: the bucket itself and the step after it. */
const PAY_PAGES: readonly string[] = ['/cart', '/checkout'];

/** SPEC.md §2: shown only while the bucket holds at least one item. */
function ProceedToPay() {
  const { i18n } = useLingui();
  const { totalQuantity } = useCart();
  if (totalQuantity === 0) return null;
  return (
    <Link className="button top-bar__action" to="/cart">
      {i18n._(messages.store.proceedToPay)}
    </Link>
  );
}
