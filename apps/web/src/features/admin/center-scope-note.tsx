/**
 * Says whose list a center-limited member is reading: a volunteer's lists hold their own center's
 * rows only (the server decides), and a list that does not say so reads as "everything there is".
 * Nothing for the roles that read every center.
 */
import { type StaffPermission, staffCan } from '@store/shared/staff';
import { useAdmin } from './admin-context';

type CenterScopeNoteProps = {
  scope?: 'center' | 'region';
  /** The permission that reads every center's rows of this list (the event's lists have their own). */
  readsAll?: StaffPermission;
};

export function CenterScopeNote({ scope = 'center', readsAll = 'readAllOrders' }: CenterScopeNoteProps) {
  const { role, centerName } = useAdmin().session.staff;
  if (staffCan(role, readsAll)) return null;
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
