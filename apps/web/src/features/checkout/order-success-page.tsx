import { checkoutMessages } from '@store/shared/checkout-messages';
import { messages } from '@store/shared/messages';
import { dollarsToCents, formatDollars } from '@store/shared/money';
import { monthlyTexts } from '@store/shared/monthly-lines';
import { receiptAddressMessages } from '@store/shared/receipt-address-messages';
import { Link, useLocation } from 'react-router';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { knownText } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { EmployerMatchNextSteps } from './employer-match-next-steps';
import { HomeSiteLink } from './home-site-link';
import { FEE_COVERED_LABEL, OrderLines } from './order-lines';
import { type OrderSuccess, readOrderSuccess } from './order-success-state';
import './checkout.css';

/**
 * `/order-success` (SPEC.md §2): the transaction id carried in navigation state, or a note that
 * there is none; and, from the checkout's answer, what the receipt e-mail says (issue 17): the lines,
 * the amount, the receipt number and where the receipt went. Then the way on: the store, the event
 * registration and the foundation's home site.
 */
export function OrderSuccessPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Order Successful'));
  const order = readOrderSuccess(useLocation().state);
  return (
    <div className="order-result">
      <h1>{i18n._(checkoutMessages.successHeading)}</h1>
      <p>
        {i18n._('Your donation has been processed successfully. A confirmation email will be sent to you shortly.')}
      </p>
      {order.monthly.map((gift) => (
        <p key={gift.name} className="order-success__monthly">
          {i18n._(monthlyTexts.thanks, { amount: formatDollars(gift.amount, order.currency), day: gift.billingDay })}{' '}
          <Trans id={/*i18n*/ '<0>Manage it on your dashboard</0>.'} components={{ 0: <Link to="/dashboard" /> }} />
        </p>
      ))}
      {order.transactionId ? (
        <OrderReceipt order={order} transactionId={order.transactionId} />
      ) : (
        <p className="order-result__id">{i18n._(checkoutMessages.noTransactionId)}</p>
      )}
      {order.matching && <EmployerMatchNextSteps matching={order.matching} />}
      <p className="order-result__links order-result__links--stacked">
        <Link className="button" to="/">
          {i18n._(messages.cart.backToStore)}
        </Link>
        <RegistrationLink />
        <HomeSiteLink variant="secondary" />
      </p>
    </div>
  );
}

function OrderReceipt({ order, transactionId }: { order: OrderSuccess; transactionId: string }) {
  const { i18n } = useLingui();
  const { items, amount, deductible, receiptNumber, email, currency } = order;
  const receiptNumberTag = { 0: <span className="order-receipt__number" /> };
  return (
    <section className="order-receipt" aria-labelledby="order-receipt-heading">
      <h2 id="order-receipt-heading">{i18n._('Your receipt')}</h2>
      <OrderLines
        // The answer's lines have no ids; their order is the order's and never changes here.
        lines={items.map((line, index) => ({
          key: String(index),
          name: line.name,
          quantity: line.quantity,
          amountCents: dollarsToCents(line.amount),
        }))}
        fee={
          order.feeCovered ? { label: i18n._(FEE_COVERED_LABEL), cents: dollarsToCents(order.feeCovered) } : undefined
        }
        totalLabel={i18n._('Amount')}
        totalCents={amount === null ? null : dollarsToCents(amount)}
        currency={currency}
      />
      {/* Issue 20: only when something came back for the gift (a seat, the book) is it worth saying. */}
      {/* A UK gift has no deductible amount: its receipt says whether Gift Aid was declared. */}
      {currency === 'GBP' && (
        <p className="order-receipt__gift-aid">
          {order.giftAid
            ? i18n._('Gift Aid declared: thank you, the charity will claim it.')
            : i18n._('No Gift Aid declared.')}
        </p>
      )}
      {currency !== 'GBP' &&
        deductible !== null &&
        (amount === null || dollarsToCents(deductible) !== dollarsToCents(amount)) && (
          <p className="order-receipt__deductible">
            <span>{i18n._('Tax-deductible amount:')}</span>{' '}
            <span className="order-lines__amount">{formatDollars(deductible, currency)}</span>
          </p>
        )}
      <div className="order-receipt__details">
        {receiptNumber && (
          <p>
            {order.receiptAwaitsAddress ? (
              <Trans
                id={/*i18n*/ 'Reference: <0>{number}</0>'}
                values={{ number: receiptNumber }}
                components={receiptNumberTag}
              />
            ) : (
              <Trans
                id={/*i18n*/ 'Receipt number: <0>{number}</0>'}
                values={{ number: receiptNumber }}
                components={receiptNumberTag}
              />
            )}
          </p>
        )}
        {/* How it was paid, as the receipt names it (brand names: 'PayPal', 'Apple Pay, Visa ending in 8886'). */}
        {order.paymentMethod && <p>{i18n._('Paid with: {method}', { method: order.paymentMethod })}</p>}
        {order.receiptAwaitsAddress && (
          <p className="order-receipt__awaiting">
            {/* The accounts' text (the receipt-address page says it too), translated where its catalogue is. */}
            {knownText(i18n, receiptAddressMessages.notOfficial)}{' '}
            <Trans
              id={
                /*i18n*/ 'To get your official receipt, add your address from the link in your receipt e-mail or on your <0>dashboard</0>.'
              }
              components={{ 0: <Link to="/dashboard" /> }}
            />
          </p>
        )}
        {email && <p>{i18n._('Receipt sent to: {email}', { email })}</p>}
        {order.tributeCardName &&
          (order.tributeCardHeld ? (
            <p>
              {i18n._(
                'The e-mail card to {name} was not sent: that address has had as many cards as we send in a day.',
                { name: order.tributeCardName },
              )}
            </p>
          ) : (
            <p>{i18n._('An e-mail card will be sent to {name}.', { name: order.tributeCardName })}</p>
          ))}
        <p className="order-result__id">{i18n._('Transaction ID: {id}', { id: transactionId })}</p>
      </div>
    </section>
  );
}

/** To /registration, named after the event once the catalogue has said which it is. */
function RegistrationLink() {
  const { i18n } = useLingui();
  const { state } = useCatalogue();
  return (
    <Link className="button button--secondary" to="/registration">
      {state.status === 'ready'
        ? i18n._('Register for {event}', { event: state.data.event.title })
        : i18n._('Register for the event')}
    </Link>
  );
}
