/** /admin/donors/:email: a donor's totals by year, gifts and registrations, and merging another record in. */
import { formatCents, formatDollars } from '@store/shared/money';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';
import { ZoneNote } from '#src/components/zone-note';
import { NextChargeCell, StatusCell } from '../monthly-gift-cells';
import { OrdersTable } from '../orders/orders-table';
import { useStaffFailure } from '../use-staff-failure';
import { type DonorDetail, getDonor } from './donors-api';
import { MergeForm } from './merge-form';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; donor: DonorDetail };

export function DonorDetailPage() {
  const email = useParams().email ?? '';
  const id = useId();
  const failure = useStaffFailure();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getDonor(email, controller.signal).then(
      (donor) => {
        if (!controller.signal.aborted) setState({ status: 'ready', donor });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: failure(error).message });
      },
    );
    return () => controller.abort();
  }, [email, failure]);

  const merged = useCallback((donor: DonorDetail) => setState({ status: 'ready', donor }), []);
  const back = (
    <Link to="/admin/donors" className="admin-back">
      All donors
    </Link>
  );
  if (state.status === 'loading') {
    return (
      <p role="status" className="notice">
        Loading the donor…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="notice notice--error">
        <p>{state.message}</p>
        {back}
      </div>
    );
  }
  const { donor } = state;
  return (
    <article aria-labelledby={`${id}-title`}>
      {back}
      <h2 id={`${id}-title`}>{donor.name || donor.email}</h2>
      <ZoneNote />
      <dl className="admin-facts">
        <dt>E-mail</dt>
        <dd className="admin-break">{donor.email}</dd>
        {donor.aliases.length > 0 && (
          <>
            <dt>Also known as</dt>
            <dd className="admin-break">{donor.aliases.join(', ')}</dd>
          </>
        )}
        <dt>Gifts</dt>
        <dd>{`${donor.giftCount}, ${formatCents(donor.totalCents)} in all`}</dd>
      </dl>
      <TableSection
        className="admin-section"
        title="Totals by year"
        emptyText="No gifts yet."
        rows={donor.totalsByYear}
        rowKey={(row) => `${row.year} ${row.currency}`}
        columns={[
          { header: 'Year', cell: (row) => row.year, rowHeader: true },
          {
            header: 'Total',
            cell: (row) => formatCents(row.totalCents, row.currency),
            className: 'report-table__number',
          },
          {
            header: 'Deductible',
            cell: (row) => formatCents(row.deductibleCents, row.currency),
            className: 'report-table__number',
          },
        ]}
      />
      {donor.monthlyGifts.length > 0 && (
        <TableSection
          className="admin-section"
          title="Monthly gifts"
          emptyText="No monthly gifts."
          rows={donor.monthlyGifts}
          rowKey={(gift) => gift.id}
          columns={[
            { header: 'Gift', cell: (gift) => gift.itemName, rowHeader: true },
            { header: 'Monthly', cell: (gift) => formatDollars(gift.amount), className: 'report-table__number' },
            { header: 'Status', cell: (gift) => <StatusCell gift={gift} /> },
            { header: 'Next charge', cell: (gift) => <NextChargeCell gift={gift} /> },
            { header: 'Started', cell: (gift) => <DateCell iso={gift.createdAt} /> },
          ]}
        />
      )}
      <section className="admin-section" aria-labelledby={`${id}-gifts`}>
        <h3 id={`${id}-gifts`}>Gifts</h3>
        {donor.gifts.length === 0 ? (
          <p className="notice">No gifts.</p>
        ) : (
          <OrdersTable orders={donor.gifts} label="Gifts" />
        )}
      </section>
      <TableSection
        className="admin-section"
        title="Registrations"
        emptyText="No registrations."
        rows={donor.registrations}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Date', cell: (row) => <DateCell iso={row.createdAt} /> },
          { header: 'People', cell: (row) => row.people, className: 'report-table__number' },
        ]}
      />
      <MergeForm into={donor.email} onMerged={merged} />
    </article>
  );
}
