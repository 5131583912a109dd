/**
 * An order's employer matching on its back-office page: a gift whose donor's employer
 * matches gifts names the employer and links the matching list; an offline gift that is an
 * employer's match links the donor's gift it matches.
 */
import type { StaffOrderDetail } from '@store/shared/staff';
import { Link } from 'react-router';

export function OrderMatching({ order }: { order: Pick<StaffOrderDetail, 'matchingEmployer' | 'matchesOrderId'> }) {
  return (
    <>
      {order.matchingEmployer && (
        <>
          <dt>Employer matching</dt>
          <dd>
            {order.matchingEmployer} (<Link to="/admin/matching">matching list</Link>)
          </dd>
        </>
      )}
      {order.matchesOrderId && (
        <>
          <dt>Employer's match of</dt>
          <dd>
            <Link to={`/admin/orders/${order.matchesOrderId}`}>the donor's gift</Link>: not deductible by the donor
          </dd>
        </>
      )}
    </>
  );
}
