import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import './nav.css';

type Destination = { to: string; label: string; about: string };
type Group = { heading: string; destinations: readonly Destination[] };

/**
 * `/nav`: SPEC.md's 'Navigation screen', whose content it leaves open: a site map of every page a
 * visitor can open, grouped by what they came to do, each with one line on what it is for.
 * /auth-success, /order-success, /order-failed, /reset-password and /verify-email are left out:
 * they are where a sign-in, a payment or an e-mailed link lands, not places to go. Every text is
 * marked for the catalogues and shown through them (decision 0042).
 */
const GROUPS: readonly Group[] = [
  {
    heading: /*i18n*/ 'Give',
    destinations: [
      {
        to: '/',
        label: /*i18n*/ 'Store',
        about: /*i18n*/ 'Donate to the foundation’s centers and projects, or order the book.',
      },
      { to: '/concert', label: messages.store.concertTitle, about: /*i18n*/ 'Support the concerts with a donation.' },
      {
        to: '/cart',
        label: /*i18n*/ 'Donation Bucket',
        about: /*i18n*/ 'See what you have chosen, change amounts, then check out.',
      },
      { to: '/checkout', label: /*i18n*/ 'Checkout', about: /*i18n*/ 'Choose your center and pay securely by card.' },
    ],
  },
  {
    heading: /*i18n*/ 'Event',
    destinations: [
      {
        to: '/registration',
        label: /*i18n*/ 'Event Registration',
        about: /*i18n*/ 'Register yourself and your family for the Bhagavad Gita Mahayagna.',
      },
    ],
  },
  {
    heading: /*i18n*/ 'Account',
    destinations: [
      {
        to: '/login',
        label: /*i18n*/ 'Login',
        about: /*i18n*/ 'Sign in with your e-mail and password, or with Google.',
      },
      {
        to: '/register',
        label: /*i18n*/ 'Register',
        about: /*i18n*/ 'Open an account to see your donations and registrations.',
      },
      {
        to: '/forgot-password',
        label: /*i18n*/ 'Forgot Password',
        about: /*i18n*/ 'Get an e-mailed link to choose a new password.',
      },
      {
        to: '/dashboard',
        label: /*i18n*/ 'Dashboard',
        about:
          /*i18n*/ 'Your profile, your donations with receipts, your registrations, and your password, e-mail and account.',
      },
    ],
  },
  {
    heading: /*i18n*/ 'Administration',
    destinations: [
      {
        to: '/report',
        label: /*i18n*/ 'Payment Report',
        about: /*i18n*/ 'For administrators: donations and registrations, with sign-in.',
      },
      {
        to: '/admin',
        label: /*i18n*/ 'Back office',
        about:
          /*i18n*/ 'For staff: orders, refunds, offline gifts, donors, registrations, the catalogue and the staff, with sign-in.',
      },
      {
        to: '/payment',
        label: /*i18n*/ 'Payment Details',
        about: /*i18n*/ 'A sample payment screen: it makes no payment and sends nothing.',
      },
    ],
  },
];

export function NavPage() {
  const { i18n } = useLingui();
  const title = i18n._(messages.nav.title);
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <nav aria-label={title} className="site-map">
        {GROUPS.map(({ heading, destinations }) => (
          <div key={heading} className="site-map__group">
            <h2>{i18n._(heading)}</h2>
            <ul>
              {destinations.map(({ to, label, about }) => (
                <li key={to}>
                  <Link to={to}>{i18n._(label)}</Link>
                  <p>{i18n._(about)}</p>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}
