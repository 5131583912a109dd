/**
 * Says whose list a center-limited member is reading: a volunteer's lists hold their own center's
 * rows only (the server decides), and a list that does not say so reads as "everything there is".
 * Nothing for the roles that read every center.
 */
import { staffCan } from '@store/shared/staff';
import { useAdmin } from './admin-context';

export function CenterScopeNote({ scope = 'center' }: { scope?: 'center' | 'region' }) {
  const { role, centerName } = useAdmin().session.staff;
  if (staffCan(role, 'readAllOrders')) return null;
  return (
    <p className="notice admin-scope">
      {centerName === null
        ? 'Your account is linked to no center, so this list is empty. Ask an owner to set your center.'
        : scope === 'center'
          ? `Showing ${centerName} only.`
          : `Showing ${centerName} only: the registrations of its sessions, and those from its state or province.`}
    </p>
  );
}
