/**
 * /admin/orders: every order the member may read (a volunteer's center only), newest first, with a
 * search and, for those who read every center, a center filter. Both live in the URL, so the list
 * comes back as it was after opening an order.
 */
import { staffCan } from '@store/shared/staff';
import { useId } from 'react';
import { CenterSelect } from '#src/components/center-select';
import { ZoneNote } from '#src/components/zone-note';
import { useCenters } from '#src/lib/use-centers';
import { useAdmin } from '../admin-context';
import { CenterScopeNote } from '../center-scope-note';
import { ListFooter } from '../list-footer';
import { SearchForm } from '../search-form';
import { useFilterParams } from '../use-filter-params';
import { usePagedList } from '../use-paged-list';
import { getOrders } from './orders-api';
import { OrdersTable } from './orders-table';

export function OrdersPage() {
  const id = useId();
  const { role } = useAdmin().session.staff;
  const [params, change] = useFilterParams<'q' | 'center'>();
  const q = params.get('q') ?? '';
  const center = params.get('center') ?? '';
  const list = usePagedList(`${q}\n${center}`, (cursor, signal) => getOrders({ q, center }, cursor, signal));

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Orders</h2>
      <ZoneNote />
      <CenterScopeNote />
      <div className="admin-filters">
        <SearchForm
          id={`${id}-q`}
          label="Search by name, e-mail or receipt number"
          defaultValue={q}
          onSearch={(value) => change('q', value)}
        />
        {staffCan(role, 'readAllOrders') && (
          <CenterFilter id={`${id}-center`} value={center} onChange={(value) => change('center', value)} />
        )}
      </div>
      {list.items.length > 0 && <OrdersTable orders={list.items} label="Orders" />}
      <ListFooter list={list} emptyText={q || center ? 'No orders match.' : 'No orders yet.'} />
    </section>
  );
}

function CenterFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const centers = useCenters();
  return (
    <CenterSelect
      id={id}
      label="Center"
      emptyOption="All centers"
      centers={centers}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
