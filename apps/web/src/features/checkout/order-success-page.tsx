import { checkoutMessages } from '@store/shared/checkout-messages';
import { messages } from '@store/shared/messages';
import { dollarsToCents, formatDollars } from '@store/shared/money';
import { monthlyTexts, ordinalDay } from '@store/shared/monthly-lines';
import { receiptAddressMessages } from '@store/shared/receipt-address-messages';
import { Link, useLocation } from 'react-router';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { HomeSiteLink } from './home-site-link';
import { OrderLines } from './order-lines';
import { type OrderSuccess, readOrderSuccess } from './order-success-state';
import './checkout.css';

/**
 * `/order-success` (SPEC.md §2): the transaction id carried in navigation state, or a note that
 * there is none; and, from the checkout's answer, what the receipt e-mail says (issue 17): the lines,
 * the amount, the receipt number and where the receipt went. Then the way on: the store, the event
 * registration and the foundation's home site.
 */
export function OrderSuccessPage() {
  useDocumentTitle('Order Successful');
  const order = readOrderSuccess(useLocation().state);
  return (
    <div className="order-result">
      <h1>{checkoutMessages.successHeading}</h1>
      <p>Your donation has been processed successfully. A confirmation email will be sent to you shortly.</p>
      {order.monthly.map((gift) => (
        <p key={gift.name} className="order-success__monthly">
          {monthlyTexts.thanks(formatDollars(gift.amount, order.currency), ordinalDay(gift.billingDay))}{' '}
          <Link to="/dashboard">Manage it on your dashboard</Link>.
        </p>
      ))}
      {order.transactionId ? (
        <OrderReceipt order={order} transactionId={order.transactionId} />
      ) : (
        <p className="order-result__id">{checkoutMessages.noTransactionId}</p>
      )}
      <p className="order-result__links order-result__links--stacked">
        <Link className="button" to="/">
          {messages.cart.backToStore}
        </Link>
        <RegistrationLink />
        <HomeSiteLink variant="secondary" />
      </p>
    </div>
  );
}

function OrderReceipt({ order, transactionId }: { order: OrderSuccess; transactionId: string }) {
  const { items, amount, deductible, receiptNumber, email, currency } = order;
  return (
    <section className="order-receipt" aria-labelledby="order-receipt-heading">
      <h2 id="order-receipt-heading">Your receipt</h2>
      <OrderLines
        // The answer's lines have no ids; their order is the order's and never changes here.
        lines={items.map((line, index) => ({
          key: String(index),
          name: line.name,
          quantity: line.quantity,
          amountCents: dollarsToCents(line.amount),
        }))}
        totalLabel="Amount"
        totalCents={amount === null ? null : dollarsToCents(amount)}
        currency={currency}
      />
      {/* Issue 20: only when something came back for the gift (a seat, the book) is it worth saying. */}
      {/* A UK gift has no deductible amount: its receipt says whether Gift Aid was declared. */}
      {currency === 'GBP' && (
        <p className="order-receipt__gift-aid">
          {order.giftAid ? 'Gift Aid declared: thank you, the charity will claim it.' : 'No Gift Aid declared.'}
        </p>
      )}
      {currency !== 'GBP' &&
        deductible !== null &&
        (amount === null || dollarsToCents(deductible) !== dollarsToCents(amount)) && (
          <p className="order-receipt__deductible">
            <span>Tax-deductible amount:</span>{' '}
            <span className="order-lines__amount">{formatDollars(deductible, currency)}</span>
          </p>
        )}
      <div className="order-receipt__details">
        {receiptNumber && (
          <p>
            {order.receiptAwaitsAddress ? 'Reference' : 'Receipt number'}:{' '}
            <span className="order-receipt__number">{receiptNumber}</span>
          </p>
        )}
        {order.receiptAwaitsAddress && (
          <p className="order-receipt__awaiting">
            {receiptAddressMessages.notOfficial} To get your official receipt, add your address from the link in your
            receipt e-mail or on your <Link to="/dashboard">dashboard</Link>.
          </p>
        )}
        {email && <p>{`Receipt sent to: ${email}`}</p>}
        <p className="order-result__id">{`Transaction ID: ${transactionId}`}</p>
      </div>
    </section>
  );
}

/** To /registration, named after the event once the catalogue has said which it is. */
function RegistrationLink() {
  const { state } = useCatalogue();
  const event = state.status === 'ready' ? state.data.event.title : 'the event';
  return (
    <Link className="button button--secondary" to="/registration">
      {`Register for ${event}`}
    </Link>
  );
}
