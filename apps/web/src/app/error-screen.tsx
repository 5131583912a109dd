import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';

/**
 * The screen React Router's default error element shows (SPEC.md §8 "Unknown route"): we use the
 * declarative router, which has no error element, so we draw the same two headings ourselves.
 */
export function ErrorScreen({ detail }: { detail: string }) {
  const { i18n } = useLingui();
  return (
    <div className="error-screen">
      <h2>{i18n._(messages.errors.unexpected)}</h2>
      <h3>{detail}</h3>
    </div>
  );
}

/** A mistyped or stale address: the default screen's two headings, then the way back to giving. */
export function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <>
      <ErrorScreen detail={i18n._(messages.errors.notFound)} />
      <p>
        <Link className="button" to="/">
          {i18n._(messages.cart.backToStore)}
        </Link>
      </p>
    </>
  );
}
