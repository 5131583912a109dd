import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useLingui } from '#src/lib/i18n/use-lingui';

type HomeSiteLinkProps = {
  /**
   * `secondary`: drawn as a secondary button, and nothing until the catalogue has the address (the
   * page links to the store already).
   */
  variant?: 'primary' | 'secondary';
};

/**
 * SPEC.md §2: the result pages link back to the foundation's home site. Its address comes with the
 * catalogue; until (or unless) that arrives, the store is the way back.
 */
export function HomeSiteLink({ variant = 'primary' }: HomeSiteLinkProps) {
  const { i18n } = useLingui();
  const { state } = useCatalogue();
  if (state.status !== 'ready') {
    if (variant === 'secondary') return null;
    return (
      <Link className="button" to="/">
        {i18n._(messages.cart.backToStore)}
      </Link>
    );
  }
  return (
    <a className={variant === 'secondary' ? 'button button--secondary' : 'button'} href={state.data.foundation.url}>
      {i18n._('Back to Home Page')}
    </a>
  );
}
