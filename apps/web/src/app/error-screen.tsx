import { messages } from '@store/shared/messages';
import { Link } from 'react-router';

/**
 * The screen React Router's default error element shows (SPEC.md §8 "Unknown route"): we use the
 * declarative router, which has no error element, so we draw the same two headings ourselves.
 */
export function ErrorScreen({ detail }: { detail: string }) {
  return (
    <div className="error-screen">
      <h2>{messages.errors.unexpected}</h2>
      <h3>{detail}</h3>
    </div>
  );
}

/** A mistyped or stale address: the default screen's two headings, then the way back to giving. */
export function NotFoundPage() {
  return (
    <>
      <ErrorScreen detail={messages.errors.notFound} />
      <p>
        <Link className="button" to="/">
          {messages.cart.backToStore}
        </Link>
      </p>
    </>
  );
}
