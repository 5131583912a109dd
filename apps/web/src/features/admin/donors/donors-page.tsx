/** /admin/donors: donors (one per e-mail, merged addresses included) with their totals, searchable. */
import { formatCents } from '@store/shared/money';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, DateCell } from '#src/components/data-table';
import { ZoneNote } from '#src/components/zone-note';
import { ListFooter } from '../list-footer';
import { SearchForm } from '../search-form';
import { usePagedList } from '../use-paged-list';
import { type DonorSummary, donorLink, getDonors } from './donors-api';

export function DonorsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const list = usePagedList(q, (cursor, signal) => getDonors(q, cursor, signal));

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Donors</h2>
      <ZoneNote />
      <SearchForm
        id={`${id}-q`}
        label="Search by name or e-mail"
        defaultValue={q}
        onSearch={(value) => setParams(value ? { q: value } : {}, { replace: true })}
      />
      {list.items.length > 0 && (
        <DataTable<DonorSummary>
          rows={list.items}
          rowKey={(donor) => donor.email}
          scrollLabel="Donors table"
          name={{ label: 'Donors' }}
          wide
          columns={[
            {
              header: 'Donor',
              cell: (donor) => (
                <>
                  <Link to={donorLink(donor.email)}>{donor.name || donor.email}</Link>
                  <br />
                  <span className="admin-muted">{donor.email}</span>
                </>
              ),
            },
            { header: 'Gifts', cell: (donor) => donor.giftCount, className: 'report-table__number' },
            { header: 'Total', cell: (donor) => formatCents(donor.totalCents), className: 'report-table__number' },
            { header: 'Last gift', cell: (donor) => (donor.lastGiftAt ? <DateCell iso={donor.lastGiftAt} /> : '–') },
            { header: 'Also known as', cell: (donor) => donor.aliases.join(', ') || '–' },
          ]}
        />
      )}
      <ListFooter list={list} emptyText={q ? 'No donors match.' : 'No donors yet.'} />
    </section>
  );
}
