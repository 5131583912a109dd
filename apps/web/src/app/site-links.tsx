import { messages } from '@store/shared/messages';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useMayHaveSession } from '#src/lib/session-hint';

/**
 * The site's main destinations, the same in the top bar and the footer: the store (the logo links
 * to the foundation's own site, SPEC.md §2, so this is the way back to the store from any page),
 * the concert donations, the event registration and the visitor's account. NavLink marks the link
 * of the page being shown with aria-current="page". `children`: more items (the footer's site map).
 */
export function SiteLinks({ listClassName, children }: { listClassName: string; children?: ReactNode }) {
  // The account's page: the dashboard once this browser has signed in, else the login page (the
  // dashboard would only send a stranger there). /login in the pre-rendered page.
  const account = useMayHaveSession() ? '/dashboard' : '/login';
  const { i18n } = useLingui();
  return (
    <ul className={listClassName}>
      <li>
        <NavLink to="/" end>
          {i18n._(messages.nav.store)}
        </NavLink>
      </li>
      <li>
        <NavLink to="/concert">{i18n._(messages.nav.concerts)}</NavLink>
      </li>
      <li>
        <NavLink to="/registration">
          {/* One inline box: as flex items of their own the words would lose the space between them. */}
          <span>
            {i18n._(messages.nav.event)} <span className="site-links__more">{i18n._(messages.nav.registration)}</span>
          </span>
        </NavLink>
      </li>
      <li>
        <NavLink to={account}>{i18n._(messages.nav.account)}</NavLink>
      </li>
      {children}
    </ul>
  );
}
