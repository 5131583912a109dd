/**
 * The routes the build pre-renders into HTML of their own (scripts/prerender.mjs), with the source
 * module of each one's lazy page, so its HTML can start downloading that chunk beside the entry.
 * Left out: /auth-success, /order-success, /reset-password, /verify-email and /receipt-address, whose content comes
 * from the URL's query and the history entry's state (unknown at build time; reached by a redirect or from inside the app), and
 * unknown paths, which get the plain index.html and its client-rendered 'Not Found' screen.
 */
export type PrerenderedRoute = {
  path: string;
  /** The route's lazy page module as Vite's manifest names it (relative to apps/web); none for `/`. */
  page?: string;
};

export const PRERENDERED_ROUTES: readonly PrerenderedRoute[] = [
  { path: '/' },
  { path: '/concert', page: 'src/features/store/concert-page.tsx' },
  { path: '/cart', page: 'src/features/bucket/cart-page.tsx' },
  { path: '/checkout', page: 'src/features/checkout/checkout-page.tsx' },
  { path: '/order-failed', page: 'src/features/checkout/order-failed-page.tsx' },
  { path: '/registration', page: 'src/features/registration/registration-page.tsx' },
  { path: '/report', page: 'src/features/report/report-page.tsx' },
  { path: '/login', page: 'src/features/account/login-page.tsx' },
  { path: '/register', page: 'src/features/account/register-page.tsx' },
  { path: '/dashboard', page: 'src/features/account/dashboard-page.tsx' },
  { path: '/forgot-password', page: 'src/features/account/forgot-password-page.tsx' },
  { path: '/nav', page: 'src/features/nav/nav-page.tsx' },
  { path: '/payment', page: 'src/features/payment/payment-page.tsx' },
];

/**
 * Modules every page imports lazily as soon as it starts: the bucket's rules (CartProvider).
 * Preloaded on every pre-rendered page so they do not wait for the entry chunk to ask for them.
 * Not the catalogue's schema: the server embeds the catalogue in the page, and the stored bucket's
 * validator loads only when a bucket is stored (decision 0020).
 */
export const STARTUP_MODULES: readonly string[] = ['src/lib/cart/cart-engine.ts'];
