/**
 * An order that exists at a center outside the volunteer's own: said so, with the way back to the
 * orders they can open. No "Try again": nothing will change by retrying.
 */
import { Link } from 'react-router';
import { useAdmin } from '../admin-context';

export function OtherCenterNotice({ message }: { message: string }) {
  const { centerName } = useAdmin().session.staff;
  return (
    <div role="alert" className="notice admin-other-center">
      <p>{message}</p>
      <p>
        {centerName
          ? `You can open the orders of ${centerName} only; ask that center, or an owner or treasurer.`
          : 'Your account is linked to no center; ask an owner to set yours.'}
      </p>
      <Link to="/admin/orders" className="admin-back">
        {centerName ? `${centerName}'s orders` : 'All orders'}
      </Link>
    </div>
  );
}
