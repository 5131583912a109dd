import { checkoutMessages } from '@store/shared/checkout-messages';
import { Link, useLocation } from 'react-router';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
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
  const { i18n } = useLingui();
  useDocumentTitle(i18n._(checkoutMessages.failedHeading));
  const reason = declineReasonOf(useLocation().state);
  return (
    <div className="order-result">
      <h1>{i18n._(checkoutMessages.failedHeading)}</h1>
      <p>{i18n._(checkoutMessages.failedText)}</p>
      {reason && (
        <>
          {/* The gateway's words, translated when they are one of our messages. */}
          <p className="order-result__reason">{i18n._('Reason: {reason}', { reason: knownText(i18n, reason) })}</p>
          <p>{i18n._(checkoutMessages.notCharged)}</p>
        </>
      )}
      {/* As the thank-you page: the way on (the kept bucket) first, leaving the site second, one
          under the other across a phone (two primary buttons of two widths looked unfinished). */}
      <p className="order-result__links order-result__links--stacked">
        <Link className="button" to="/cart">
          {i18n._('Back to Bucket')}
        </Link>
        <HomeSiteLink variant="secondary" />
      </p>
    </div>
  );
}
