/**
 * /admin/orders/:id: what was given, its receipt and refunds, and for the roles that move money the
 * refund form (card orders) or the void (offline gifts). A refund's answer carries the order as it
 * now is, which replaces the one shown.
 */
import { formatCents } from '@store/shared/money';
import { OFFLINE_METHOD_LABELS, type StaffOrderDetail, staffCan } from '@store/shared/staff';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DateCell } from '#src/components/data-table';
import { ZoneNote } from '#src/components/zone-note';
import { useAdmin } from '../admin-context';
import { useStaffFailure } from '../use-staff-failure';
import { OrderLines } from './order-lines';
import { OrderMatching } from './order-matching';
import { OrderTribute } from './order-tribute';
import { getOrder } from './orders-api';
import { sourceText } from './orders-table';
import { OtherCenterNotice } from './other-center-notice';
import { RefundForm } from './refund-form';
import { RefundsTable } from './refunds-table';
import { VoidForm } from './void-form';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string; otherCenter: boolean }
  | { status: 'ready'; order: StaffOrderDetail };

export function OrderDetailPage() {
  const id = useParams().id ?? '';
  const headingId = useId();
  const { role } = useAdmin().session.staff;
  const failure = useStaffFailure();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what 'Try again' changes to load again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getOrder(id, controller.signal).then(
      (order) => {
        if (!controller.signal.aborted) setState({ status: 'ready', order });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failed = failure(error);
        setState({ status: 'error', message: failed.message, otherCenter: failed.otherCenter === true });
      },
    );
    return () => controller.abort();
  }, [id, failure, attempt]);

  const changed = useCallback((order: StaffOrderDetail) => setState({ status: 'ready', order }), []);

  const back = (
    <Link to="/admin/orders" className="admin-back">
      All orders
    </Link>
  );
  if (state.status === 'loading') {
    return (
      <p role="status" className="notice">
        Loading the order…
      </p>
    );
  }
  if (state.status === 'error') {
    if (state.otherCenter) return <OtherCenterNotice message={state.message} />;
    return (
      <div role="alert" className="notice notice--error">
        <p>{state.message}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>{' '}
        {back}
      </div>
    );
  }
  const { order } = state;
  const mayMoveMoney = staffCan(role, 'moveMoney');
  const paid = order.status === 'succeeded';
  return (
    <article aria-labelledby={headingId} className="admin-order">
      {back}
      <h2 id={headingId}>{`Order of ${order.firstName} ${order.lastName}`}</h2>
      {/* An offline gift without refunds shows only its day: no time, no zone to name. */}
      {(order.receivedOn === null || order.refunds.length > 0) && <ZoneNote />}
      <dl className="admin-facts">
        <dt>Date</dt>
        <dd>
          <DateCell iso={order.receivedOn ?? order.createdAt} />
        </dd>
        <dt>Donor</dt>
        <dd>{`${order.firstName} ${order.lastName}, ${order.email}`}</dd>
        <dt>Center</dt>
        <dd>{order.centerName}</dd>
        <dt>Amount</dt>
        <dd>{formatCents(order.amountCents, order.currency)}</dd>
        {order.deductibleCents !== null && (
          <>
            <dt>Deductible</dt>
            <dd>{formatCents(order.deductibleCents, order.currency)}</dd>
          </>
        )}
        <dt>Refunded</dt>
        <dd>{formatCents(order.refundedCents, order.currency)}</dd>
        <dt>Source</dt>
        <dd>{sourceText(order)}</dd>
        {order.paymentMethod && (
          <>
            {/* Labelled by how it was paid: a cheque is not a card. */}
            <dt>{order.offlineMethod ? OFFLINE_METHOD_LABELS[order.offlineMethod] : 'Card'}</dt>
            <dd>{order.paymentMethod}</dd>
          </>
        )}
        <OrderTribute tribute={order.tribute} />
        <OrderMatching order={order} />
        <dt>Receipt</dt>
        <dd>{order.receiptNumber ?? 'None'}</dd>
        {order.correctedReceiptNumber && (
          <>
            <dt>Corrected receipt</dt>
            <dd>{order.correctedReceiptNumber}</dd>
          </>
        )}
        {order.transactionId && (
          <>
            <dt>Transaction</dt>
            <dd className="admin-break">{order.transactionId}</dd>
          </>
        )}
        <dt>Order id</dt>
        <dd className="admin-break">{order.id}</dd>
      </dl>
      <OrderLines products={order.products} currency={order.currency} />
      <RefundsTable refunds={order.refunds} currency={order.currency} />
      {/* Kept on screen once nothing is left, so the answer of the last refund or the void stays readable. */}
      {mayMoveMoney && paid && order.source === 'card' && <RefundForm order={order} onRefunded={changed} />}
      {mayMoveMoney && paid && order.source === 'offline' && <VoidForm order={order} onVoided={changed} />}
    </article>
  );
}
