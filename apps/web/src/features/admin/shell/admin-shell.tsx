/**
 * The signed-in back office: the member's name and role, the pages their role may open (and the
 * payment report at /report, or a line saying their role cannot open it), and the page at /admin/*.
 * Each page is its own lazy chunk, so a volunteer never downloads the staff editor.
 */
import { STAFF_ROLE_LABELS, staffCan } from '@store/shared/staff';
import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { useAdmin } from '../admin-context';
import { AdminRoutes } from './admin-routes';
import { sectionsFor } from './admin-sections';

export function AdminShell({ onSignOut }: { onSignOut: () => void }) {
  const id = useId();
  const { staff } = useAdmin().session;
  const role = STAFF_ROLE_LABELS[staff.role];
  // The report's own sign-in (a report key) admits the roles that read every center's orders.
  const mayOpenReport = staffCan(staff.role, 'readAllOrders');
  return (
    <div className="admin">
      <header className="admin-header">
        <h1 className="admin-header__title">Back office</h1>
        <p className="admin-header__member">
          <strong>{staff.username}</strong> <span>{staff.centerName ? `${role}, ${staff.centerName}` : role}</span>
        </p>
        <button type="button" className="button button--secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav className="admin-nav" aria-labelledby={`${id}-nav`}>
        <h2 id={`${id}-nav`} className="visually-hidden">
          Back office pages
        </h2>
        <ul>
          {sectionsFor(staff.role).map((section) => (
            <li key={section.path}>
              <NavLink to={`/admin/${section.path}`}>{section.label}</NavLink>
            </li>
          ))}
          {mayOpenReport && (
            <li>
              <Link to="/report">Payment report</Link>
            </li>
          )}
        </ul>
      </nav>
      {!mayOpenReport && (
        <p className="admin-muted admin-report-note">{`Your role (${role}) cannot open the payment report at /report: owners and treasurers can.`}</p>
      )}
      <div className="admin-content">
        <AdminRoutes />
      </div>
    </div>
  );
}
