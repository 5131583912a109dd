import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';
import './nav.css';

type Destination = { to: string; label: string; about: string };
type Group = { heading: string; destinations: readonly Destination[] };

/**
 * `/nav`: SPEC.md's 'Navigation screen', whose content it leaves open: a site map of every page a
 * visitor can open, grouped by what they came to do, each with one line on what it is for.
 * /auth-success, /order-success, /order-failed, /reset-password and /verify-email are left out:
 * they are where a sign-in, a payment or an e-mailed link lands, not places to go.
 */
const GROUPS: readonly Group[] = [
  {
    heading: 'Give',
    destinations: [
      { to: '/', label: 'Store', about: 'Donate to the foundation’s centers and projects, or order the book.' },
      { to: '/concert', label: messages.store.concertTitle, about: 'Support the concerts with a donation.' },
      { to: '/cart', label: 'Donation Bucket', about: 'See what you have chosen, change amounts, then check out.' },
      { to: '/checkout', label: 'Checkout', about: 'Choose your center and pay securely by card.' },
    ],
  },
  {
    heading: 'Event',
    destinations: [
      {
        to: '/registration',
        label: 'Event Registration',
        about: 'Register yourself and your family for the Bhagavad Gita Mahayagna.',
      },
    ],
  },
  {
    heading: 'Account',
    destinations: [
      { to: '/login', label: 'Login', about: 'Sign in with your e-mail and password, or with Google.' },
      { to: '/register', label: 'Register', about: 'Open an account to see your donations and registrations.' },
      {
        to: '/forgot-password',
        label: 'Forgot Password',
        about: 'Get an e-mailed link to choose a new password.',
      },
      {
        to: '/dashboard',
        label: 'Dashboard',
        about: 'Your profile, your donations with receipts, your registrations, and your password, e-mail and account.',
      },
    ],
  },
  {
    heading: 'Administration',
    destinations: [
      {
        to: '/report',
        label: 'Payment Report',
        about: 'For administrators: donations and registrations, with sign-in.',
      },
      {
        to: '/admin',
        label: 'Back office',
        about:
          'For staff: orders, refunds, offline gifts, donors, registrations, the catalogue and the staff, with sign-in.',
      },
      {
        to: '/payment',
        label: 'Payment Details',
        about: 'A sample payment screen: it makes no payment and sends nothing.',
      },
    ],
  },
];

export function NavPage() {
  useDocumentTitle(messages.nav.title);
  return (
    <>
      <h1>{messages.nav.title}</h1>
      <nav aria-label={messages.nav.title} className="site-map">
        {GROUPS.map(({ heading, destinations }) => (
          <div key={heading} className="site-map__group">
            <h2>{heading}</h2>
            <ul>
              {destinations.map(({ to, label, about }) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                  <p>{about}</p>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}
