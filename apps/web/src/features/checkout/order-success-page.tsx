import { checkoutMessages } from '@store/shared/checkout-messages';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { HomeSiteLink } from './home-site-link';

/** Navigation state is whatever history holds (a bookmark, another tab): read it defensively. */
function transactionIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('transactionId' in state)) return null;
  const { transactionId } = state;
  return typeof transactionId === 'string' && transactionId !== '' ? transactionId : null;
}

/** `/order-success` (SPEC.md §2): the transaction id carried in navigation state, or a note that there is none. */
export function OrderSuccessPage() {
  useDocumentTitle('Order Successful');
  const transactionId = transactionIdOf(useLocation().state);
  return (
    <div className="order-result">
      <h1>{checkoutMessages.successHeading}</h1>
      <p className="order-result__id">
        {transactionId ? `Transaction ID: ${transactionId}` : checkoutMessages.noTransactionId}
      </p>
      <p>Your donation has been processed successfully. A confirmation email will be sent to you shortly.</p>
      <p className="order-result__links">
        <HomeSiteLink />
      </p>
    </div>
  );
}
