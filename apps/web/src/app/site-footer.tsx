import { messages } from '@store/shared/messages';
import { NavLink } from 'react-router';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { SiteLinks } from './site-links';

/**
 * SPEC.md §1: the footer states the foundation is a non-profit and donations are tax-deductible.
 * Above it, the site's links again (where a visitor who has read to the end looks) and the site map.
 */
export function SiteFooter() {
  const { i18n } = useLingui();
  const { state } = useCatalogue();
  const name = state.status === 'ready' ? state.data.foundation.name : i18n._(messages.store.footerFallbackName);
  return (
    <footer className="site-footer">
      <nav className="site-footer__nav" aria-label={i18n._(messages.nav.footerLabel)}>
        <SiteLinks listClassName="site-footer__links">
          <li>
            <NavLink to="/nav">{i18n._(messages.nav.siteMap)}</NavLink>
          </li>
        </SiteLinks>
      </nav>
      <p>{`${name} ${i18n._(messages.store.footer)}`}</p>
    </footer>
  );
}
