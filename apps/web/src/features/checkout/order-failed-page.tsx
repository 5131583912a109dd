import { checkoutMessages } from '@store/shared/checkout-messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { HomeSiteLink } from './home-site-link';

/** `/order-failed` (SPEC.md §2). The bucket is kept, so the donor can go back and try another card. */
export function OrderFailedPage() {
  useDocumentTitle(checkoutMessages.failedHeading);
  return (
    <div className="order-result">
      <h1>{checkoutMessages.failedHeading}</h1>
      <p>{checkoutMessages.failedText}</p>
      <p className="order-result__links">
        <Link className="button" to="/cart">
          Back to Bucket
        </Link>
        <HomeSiteLink />
      </p>
    </div>
  );
}
