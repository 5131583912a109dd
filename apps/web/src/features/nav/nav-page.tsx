import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';

/** Every route a visitor can open; SPEC.md leaves the screen's content open, so this is a plain site map. */
const DESTINATIONS = [
  { to: '/', label: 'Store' },
  { to: '/concert', label: 'Concert Donations' },
  { to: '/cart', label: 'Donation Bucket' },
  { to: '/checkout', label: 'Checkout' },
  { to: '/registration', label: 'Event Registration' },
  { to: '/report', label: 'Payment Report' },
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/payment', label: 'Payment Details' },
] as const;

export function NavPage() {
  useDocumentTitle(messages.nav.title);
  return (
    <>
      <h1>{messages.nav.title}</h1>
      <nav aria-label={messages.nav.title}>
        <ul className="nav-list">
          {DESTINATIONS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
