import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';

/**
 * SPEC.md §2: the result pages link back to the foundation's home site. Its address comes with the
 * catalogue; until (or unless) that arrives, the store is the way back.
 */
export function HomeSiteLink() {
  const { state } = useCatalogue();
  if (state.status !== 'ready') {
    return (
      <Link className="button" to="/">
        {messages.cart.backToStore}
      </Link>
    );
  }
  return (
    <a className="button" href={state.data.foundation.url}>
      Back to Home Page
    </a>
  );
}
