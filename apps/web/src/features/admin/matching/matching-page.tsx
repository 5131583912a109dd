/**
 * /admin/matching: the paid gifts whose donor said their employer matches gifts, newest
 * first, all or awaiting or matched (in the URL). Each row: the day, the donor, the employer, the
 * amount, the receipt, and either "Awaiting" with "Mark matched" or the employer's payment as
 * recorded. Owners and treasurers, who record offline gifts: the employer's payment is one.
 */
import { MATCH_METHOD_LABELS, MATCHING_STATUSES, type MatchingGift, type MatchingStatus } from '@store/shared/matching';
import { formatCents } from '@store/shared/money';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '#src/components/data-table';
import { formatCalendarDay } from '#src/lib/format';
import { DoneNote } from '../done-note';
import { ListFooter } from '../list-footer';
import { DayCell } from '../monthly-gift-cells';
import { useFilterParams } from '../use-filter-params';
import { usePagedList } from '../use-paged-list';
import { MarkMatchedForm } from './mark-matched-form';
import { getMatchingGifts } from './matching-api';
import './matching.css';

const STATUS_LABELS: Record<MatchingStatus, string> = { awaiting: 'Awaiting', matched: 'Matched' };
const isStatus = (value: string): value is MatchingStatus => (MATCHING_STATUSES as readonly string[]).includes(value);

export function MatchingPage() {
  const id = useId();
  const [params, change] = useFilterParams<'status'>();
  const requested = params.get('status') ?? '';
  const status = isStatus(requested) ? requested : '';
  const list = usePagedList(status, async (cursor, signal) => {
    const page = await getMatchingGifts(status, cursor, signal);
    return { items: page.gifts, nextCursor: page.nextCursor };
  });
  const [marking, setMarking] = useState<MatchingGift | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // Donor and status first: on a phone they are what shows before the table scrolls (as monthly gifts').
  const columns = [
    { header: 'Donor', cell: (gift: MatchingGift) => <DonorCell gift={gift} /> },
    {
      header: 'Status',
      cell: (gift: MatchingGift) =>
        gift.match ? (
          <MatchedCell gift={gift} />
        ) : (
          <div className="admin-matching__awaiting">
            <span className="admin-badge">Awaiting</span>
            <button
              type="button"
              className="button button--secondary admin-matching__mark"
              aria-label={`Mark matched: ${gift.employer}, ${gift.firstName} ${gift.lastName}`.trim()}
              aria-expanded={marking?.orderId === gift.orderId}
              onClick={() => {
                setDone(null);
                setMarking(gift);
              }}
            >
              Mark matched
            </button>
          </div>
        ),
    },
    { header: 'Employer', cell: (gift: MatchingGift) => gift.employer },
    {
      header: 'Amount',
      cell: (gift: MatchingGift) => formatCents(gift.amountCents, gift.currency),
      className: 'report-table__number',
    },
    {
      header: 'Receipt',
      cell: (gift: MatchingGift) => <Link to={`/admin/orders/${gift.orderId}`}>{gift.receiptNumber ?? 'Order'}</Link>,
    },
    { header: 'Date', cell: (gift: MatchingGift) => <DayCell iso={gift.createdAt} /> },
  ];

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Employer matching</h2>
      <p>
        Gifts whose donor said their employer matches gifts. When the employer's payment arrives, mark the gift matched:
        the payment is recorded as an offline gift linked to it.
      </p>
      <div className="admin-filters">
        <fieldset className="admin-segments">
          <legend className="visually-hidden">Status</legend>
          {(['', ...MATCHING_STATUSES] as const).map((value) => (
            <button
              key={value || 'all'}
              type="button"
              className="admin-segments__option"
              aria-pressed={status === value}
              onClick={() => {
                setMarking(null);
                change('status', value);
              }}
            >
              {value ? STATUS_LABELS[value] : 'All'}
            </button>
          ))}
        </fieldset>
      </div>
      <DoneNote text={done} />
      {marking && (
        <MarkMatchedForm
          key={marking.orderId}
          gift={marking}
          onCancel={() => setMarking(null)}
          onMatched={(gift) => {
            setMarking(null);
            list.replace((row) => row.orderId === gift.orderId, gift);
            const match = gift.match;
            setDone(
              match
                ? `Marked matched: ${formatCents(match.amountCents, gift.currency)} from ${gift.employer}, recorded as offline gift ${match.receiptNumber ?? ''}.`.replace(
                    ' .',
                    '.',
                  )
                : 'Marked matched.',
            );
          }}
          onAlreadyMatched={() => {
            setMarking(null);
            setDone(`This gift was already marked matched: the employer's payment is recorded once.`);
            list.reload();
          }}
        />
      )}
      {list.items.length > 0 && (
        <div className="admin-matching">
          <DataTable<MatchingGift>
            rows={list.items}
            rowKey={(gift) => gift.orderId}
            scrollLabel="Employer matching table"
            name={{ labelledBy: `${id}-title` }}
            columns={columns}
          />
        </div>
      )}
      <ListFooter
        list={list}
        emptyText={
          status
            ? `No ${STATUS_LABELS[status].toLowerCase()} gifts. Try All.`
            : 'No gifts flagged for matching yet. They appear here when a donor ticks "My employer matches gifts" at checkout.'
        }
      />
    </section>
  );
}

function DonorCell({ gift }: { gift: MatchingGift }) {
  const name = `${gift.firstName} ${gift.lastName}`.trim() || gift.email;
  return (
    <>
      {name}
      <br />
      <span className="admin-muted">{gift.email}</span>
    </>
  );
}

function MatchedCell({ gift }: { gift: MatchingGift }) {
  const match = gift.match;
  if (!match) return null;
  return (
    <>
      <span className="admin-badge admin-badge--ok">Matched</span> {formatCents(match.amountCents, gift.currency)}
      <br />
      <span className="admin-muted">
        {formatCalendarDay(match.receivedOn)} · {MATCH_METHOD_LABELS[match.method]} {match.reference}
      </span>
    </>
  );
}
