/**
 * The signed-in back office: the member's name and role, the pages their role may open, and the
 * page at /admin/*. Each page is its own lazy chunk, so a volunteer never downloads the staff editor.
 */
import { STAFF_ROLE_LABELS } from '@store/shared/staff';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { useAdmin } from '../admin-context';
import { AdminRoutes } from './admin-routes';
import { sectionsFor } from './admin-sections';

export function AdminShell({ onSignOut }: { onSignOut: () => void }) {
  const id = useId();
  const { staff } = useAdmin().session;
  const role = STAFF_ROLE_LABELS[staff.role];
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
        </ul>
      </nav>
      <div className="admin-content">
        <AdminRoutes />
      </div>
    </div>
  );
}
