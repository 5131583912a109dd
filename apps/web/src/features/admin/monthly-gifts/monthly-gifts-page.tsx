/**
 * /admin/monthly-gifts (issue 22): the monthly giving summary, then the gifts newest first (a
 * volunteer's center only: the server decides), filtered by status and searched by name or e-mail.
 * Both filters live in the URL, so the list comes back as it was after opening a donor. A gift
 * paused because every retry of its charge was declined stands out: its donor needs a call.
 */
import { formatDollars } from '@store/shared/money';
import type { MonthlyGivingSummary } from '@store/shared/monthly-giving';
import { staffCan } from '@store/shared/staff';
import { STAFF_MONTHLY_GIFT_STATUSES, type StaffMonthlyGift } from '@store/shared/staff-monthly-gifts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '#src/components/data-table';
import { MonthlyGivingSummaryPanel } from '#src/components/monthly-giving-summary';
import { useAdmin } from '../admin-context';
import { CenterScopeNote } from '../center-scope-note';
import { donorLink } from '../donors/donors-api';
import { ListFooter } from '../list-footer';
import { DayCell, NextChargeCell, StatusCell } from '../monthly-gift-cells';
import { SearchForm } from '../search-form';
import { useFilterParams } from '../use-filter-params';
import { usePagedList } from '../use-paged-list';
import { getMonthlyGifts } from './monthly-gifts-api';

type Status = (typeof STAFF_MONTHLY_GIFT_STATUSES)[number];
const STATUS_LABELS: Record<Status, string> = { active: 'Active', paused: 'Paused', cancelled: 'Cancelled' };
const isStatus = (value: string): value is Status => (STAFF_MONTHLY_GIFT_STATUSES as readonly string[]).includes(value);

export function MonthlyGiftsPage() {
  const id = useId();
  const { role } = useAdmin().session.staff;
  const [params, change] = useFilterParams<'q' | 'status'>();
  const q = params.get('q') ?? '';
  const requested = params.get('status') ?? '';
  const status = isStatus(requested) ? requested : '';
  const [summary, setSummary] = useState<MonthlyGivingSummary | null>(null);
  const list = usePagedList(`${q}\n${status}`, async (cursor, signal) => {
    const page = await getMonthlyGifts({ q, status }, cursor, signal);
    if (!signal.aborted) setSummary(page.summary);
    return { items: page.gifts, nextCursor: page.nextCursor };
  });

  const donorPages = staffCan(role, 'readDonors');
  const filtered = Boolean(q || status);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Monthly gifts</h2>
      <CenterScopeNote />
      {summary && <MonthlyGivingSummaryPanel summary={summary} />}
      <div className="admin-filters">
        <fieldset className="admin-segments">
          <legend className="visually-hidden">Status</legend>
          {(['', ...STAFF_MONTHLY_GIFT_STATUSES] as const).map((value) => (
            <button
              key={value || 'all'}
              type="button"
              className="admin-segments__option"
              aria-pressed={status === value}
              onClick={() => change('status', value)}
            >
              {value ? STATUS_LABELS[value] : 'All'}
            </button>
          ))}
        </fieldset>
        <SearchForm
          id={`${id}-q`}
          label="Search by name or e-mail"
          defaultValue={q}
          onSearch={(value) => change('q', value)}
        />
      </div>
      {list.items.length > 0 && (
        <div className="admin-monthly-gifts">
          <DataTable<StaffMonthlyGift>
            rows={list.items}
            rowKey={(gift) => gift.id}
            scrollLabel="Monthly gifts table"
            name={{ labelledBy: `${id}-title` }}
            // Donor and status first: on a phone they are what shows before the table scrolls.
            columns={[
              { header: 'Donor', cell: (gift) => <DonorCell gift={gift} linked={donorPages && gift.hasDonorPage} /> },
              { header: 'Status', cell: (gift) => <StatusCell gift={gift} /> },
              { header: 'Monthly', cell: (gift) => formatDollars(gift.amount), className: 'report-table__number' },
              { header: 'Next charge', cell: (gift) => <NextChargeCell gift={gift} /> },
              {
                header: 'Gift',
                cell: (gift) => (
                  <>
                    {gift.itemName}
                    <br />
                    <span className="admin-muted">{gift.centerName}</span>
                  </>
                ),
              },
              {
                header: 'Last paid',
                cell: (gift) => (gift.lastChargeAt ? <DayCell iso={gift.lastChargeAt} /> : '–'),
              },
              { header: 'Started', cell: (gift) => <DayCell iso={gift.createdAt} /> },
            ]}
          />
        </div>
      )}
      <ListFooter
        list={list}
        emptyText={
          filtered
            ? 'No monthly gifts match. Try All, or another search.'
            : 'No monthly gifts yet. They appear here once a donor gives monthly at checkout.'
        }
      />
    </section>
  );
}

function DonorCell({ gift, linked }: { gift: StaffMonthlyGift; linked: boolean }) {
  const name = `${gift.firstName} ${gift.lastName}`.trim() || gift.email;
  return (
    <>
      {linked ? <Link to={donorLink(gift.email)}>{name}</Link> : name}
      <br />
      <span className="admin-muted">{gift.email}</span>
    </>
  );
}
