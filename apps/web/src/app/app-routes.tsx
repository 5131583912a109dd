import type { ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { StorePage } from '#src/features/store/store-page';
import { activeLocale } from '#src/lib/i18n/activate';
import { loadCatalogues, type PageArea } from '#src/lib/i18n/catalogues';
import { type LazyPage, lazyPage } from '#src/lib/lazy-page';
import { AppErrorBoundary } from './app-error-boundary';
import { NotFoundPage } from './error-screen';

/*
 * Declarative React Router (not the data router): the data router alone would push the first load
 * of `/` past its 100 KB gzip budget (DESIGN.md "Measured here"). Only the store is in the entry
 * chunk; every other screen is its own lazy chunk.
 */

/**
 * A page whose texts are in `areas`' catalogues: its chunk and that catalogue, in the visitor's
 * language, load together, so it renders (and hydrates) in its words at once. The report, the door
 * and the back office stay in English (they are staff's) and load no catalogue of their own.
 */
function pageIn(areas: PageArea | readonly PageArea[], load: () => Promise<ComponentType>): LazyPage {
  const own = typeof areas === 'string' ? [areas] : areas;
  // A catalogue that fails to load leaves the page in English rather than not shown at all.
  const messages = () => loadCatalogues(activeLocale(), own).catch(() => undefined);
  return Object.assign(
    lazyPage(() => Promise.all([load(), messages()]).then(([page]) => page)),
    { areas: own },
  );
}

/** Every screen but the store, by path: the routes below, and what main.tsx loads before hydrating. */
const LAZY_PAGES: Readonly<Record<string, LazyPage>> = {
  '/concert': pageIn('site', () => import('#src/features/store/concert-page').then((m) => m.ConcertPage)),
  '/cart': pageIn('giving', () => import('#src/features/bucket/cart-page').then((m) => m.CartPage)),
  '/nav': pageIn('pages', () => import('#src/features/nav/nav-page').then((m) => m.NavPage)),
  '/payment': pageIn('giving', () => import('#src/features/payment/payment-page').then((m) => m.PaymentPage)),
  '/checkout': pageIn(['giving', 'account'], () =>
    import('#src/features/checkout/checkout-page').then((m) => m.CheckoutPage),
  ),
  '/order-success': pageIn(['giving', 'account'], () =>
    import('#src/features/checkout/order-success-page').then((m) => m.OrderSuccessPage),
  ),
  '/order-failed': pageIn('giving', () =>
    import('#src/features/checkout/order-failed-page').then((m) => m.OrderFailedPage),
  ),
  '/login': pageIn('account', () => import('#src/features/account/login-page').then((m) => m.LoginPage)),
  '/register': pageIn('account', () => import('#src/features/account/register-page').then((m) => m.RegisterPage)),
  '/dashboard': pageIn(['account', 'giving'], () =>
    import('#src/features/account/dashboard-page').then((m) => m.DashboardPage),
  ),
  '/auth-success': pageIn('account', () =>
    import('#src/features/account/auth-success-page').then((m) => m.AuthSuccessPage),
  ),
  '/forgot-password': pageIn('account', () =>
    import('#src/features/account/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  // Where the e-mailed links land (ACCOUNT_LINK_PATHS in @store/shared/auth).
  '/reset-password': pageIn('account', () =>
    import('#src/features/account/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  // The receipt e-mail's "add your address" link (RECEIPT_ADDRESS_PATH in @store/shared/receipt-address).
  '/receipt-address': pageIn('account', () =>
    import('#src/features/account/receipt-address-page').then((m) => m.ReceiptAddressPage),
  ),
  '/verify-email': pageIn('account', () =>
    import('#src/features/account/verify-email-page').then((m) => m.VerifyEmailPage),
  ),
  '/registration': pageIn('event', () =>
    import('#src/features/registration/registration-page').then((m) => m.RegistrationPage),
  ),
  // A message's "Stop event news" link (event-messages).
  '/registration/unsubscribe': pageIn('event', () =>
    import('#src/features/registration/unsubscribe-page').then((m) => m.UnsubscribePage),
  ),
  // The waiting-list offer e-mail's "Accept the places" link.
  '/registration/offer': pageIn('event', () =>
    import('#src/features/registration/offer-page').then((m) => m.OfferPage),
  ),
  // The family's own page, from the "Your registration" link of its e-mails (FAMILY_PAGE_PATH on the server).
  '/registration/yours': pageIn('event', () =>
    import('#src/features/registration/yours-page').then((m) => m.YoursPage),
  ),
  '/report': lazyPage(() => import('#src/features/report/report-page').then((m) => m.ReportPage)),
  // The back office (issue 21) and its pages below /admin/ (features/admin/shell/admin-routes.tsx):
  // never pre-rendered (what it shows depends on the staff cookie), so the server answers its deep
  // links with index.html (apps/server/src/plugins/web-app.ts).
  '/check-in': lazyPage(() => import('#src/features/check-in/check-in-page').then((m) => m.CheckInPage)),
  '/admin/*': lazyPage(() => import('#src/features/admin/admin-page').then((m) => m.AdminPage)),
};

/** The lazy page of `pathname`: its own route, or the `/x/*` route it lies under. */
function lazyPageAt(pathname: string): LazyPage | undefined {
  const own = LAZY_PAGES[pathname];
  if (own) return own;
  const prefix = Object.keys(LAZY_PAGES).find(
    (path) => path.endsWith('/*') && (pathname === path.slice(0, -2) || pathname.startsWith(path.slice(0, -1))),
  );
  return prefix === undefined ? undefined : LAZY_PAGES[prefix];
}

/** The catalogues the screen at `pathname` shows, the site's first (the pre-rendered pages preload them). */
export function catalogueAreasOf(pathname: string): readonly PageArea[] {
  const page = lazyPageAt(pathname);
  return ['site', ...(page && 'areas' in page ? (page.areas as readonly PageArea[]) : [])];
}

/** Loads the chunk of the screen at `pathname`, if it has one of its own (resolves at once otherwise). */
export function preloadPage(pathname: string): Promise<void> {
  return lazyPageAt(pathname)?.preload() ?? Promise.resolve();
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Routes>
        <Route path="/" element={<StorePage />} />
        {Object.entries(LAZY_PAGES).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppErrorBoundary>
  );
}
