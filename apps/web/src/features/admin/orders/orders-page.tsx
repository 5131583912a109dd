/**
 * /admin/orders: every order the member may read (a volunteer's center only), newest first, with a
 * search and, for those who read every center, a center filter. Both live in the URL, so the list
 * comes back as it was after opening an order.
 */
import { staffCan } from '@store/shared/staff';
import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { CenterSelect } from '#src/components/center-select';
import { LabelledInput } from '#src/components/labelled-input';
import { useCenters } from '#src/lib/use-centers';
import { useAdmin } from '../admin-context';
import { ListFooter } from '../list-footer';
import { usePagedList } from '../use-paged-list';
import { getOrders } from './orders-api';
import { OrdersTable } from './orders-table';

export function OrdersPage() {
  const id = useId();
  const { role } = useAdmin().session.staff;
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const center = params.get('center') ?? '';
  const list = usePagedList(`${q}\n${center}`, (cursor, signal) => getOrders({ q, center }, cursor, signal));

  function change(name: 'q' | 'center', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Orders</h2>
      <div className="admin-filters">
        <form className="admin-search" onSubmit={search}>
          <LabelledInput
            id={`${id}-q`}
            name="q"
            type="search"
            label="Search by name, e-mail or receipt number"
            defaultValue={q}
          />
          <button type="submit" className="button">
            Search
          </button>
        </form>
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
