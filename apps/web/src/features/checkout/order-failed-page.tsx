import { checkoutMessages } from '@store/shared/checkout-messages';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { HomeSiteLink } from './home-site-link';

/** Navigation state is whatever history holds (a bookmark, another tab): read it defensively. */
function declineReasonOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('reason' in state)) return null;
  const { reason } = state;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

/**
 * `/order-failed` (SPEC.md §2). After a decline the checkout passes the server's reason (the 402
 * answer's `message`): a donor who knows why, and that no money moved, can fix it or try another
 * card without fearing a double charge. The bucket is kept for that.
 */
export function OrderFailedPage() {
  useDocumentTitle(checkoutMessages.failedHeading);
  const reason = declineReasonOf(useLocation().state);
  return (
    <div className="order-result">
      <h1>{checkoutMessages.failedHeading}</h1>
      <p>{checkoutMessages.failedText}</p>
      {reason && (
        <>
          <p className="order-result__reason">{`Reason: ${reason}`}</p>
          <p>{checkoutMessages.notCharged}</p>
        </>
      )}
      {/* As the thank-you page: the way on (the kept bucket) first, leaving the site second, one
          under the other across a phone (two primary buttons of two widths looked unfinished). */}
      <p className="order-result__links order-result__links--stacked">
        <Link className="button" to="/cart">
          Back to Bucket
        </Link>
        <HomeSiteLink variant="secondary" />
      </p>
    </div>
  );
}
