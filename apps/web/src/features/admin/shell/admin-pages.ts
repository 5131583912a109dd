/**
 * The back office's pages, each a lazy chunk of its own: a volunteer never downloads the staff
 * editor, and the sign-in form loads none of them. Tests preload a page before following a link to
 * it (lib/lazy-page.tsx: a page that suspends inside user-event's click never loads in jsdom).
 */
import { lazyPage } from '#src/lib/lazy-page';

export const ADMIN_PAGES = {
  OrdersPage: lazyPage(() => import('../orders/orders-page').then((m) => m.OrdersPage)),
  OrderDetailPage: lazyPage(() => import('../orders/order-detail-page').then((m) => m.OrderDetailPage)),
  OfflineGiftPage: lazyPage(() => import('../orders/offline-gift-page').then((m) => m.OfflineGiftPage)),
  DonorsPage: lazyPage(() => import('../donors/donors-page').then((m) => m.DonorsPage)),
  DonorDetailPage: lazyPage(() => import('../donors/donor-detail-page').then((m) => m.DonorDetailPage)),
  MonthlyGiftsPage: lazyPage(() => import('../monthly-gifts/monthly-gifts-page').then((m) => m.MonthlyGiftsPage)),
  RegistrationsPage: lazyPage(() => import('../registrations/registrations-page').then((m) => m.RegistrationsPage)),
  SessionsPage: lazyPage(() => import('../sessions/sessions-page').then((m) => m.SessionsPage)),
  SessionPage: lazyPage(() => import('../sessions/session-page').then((m) => m.SessionPage)),
  MatchingPage: lazyPage(() => import('../matching/matching-page').then((m) => m.MatchingPage)),
  StatementsPage: lazyPage(() => import('../statements/statements-page').then((m) => m.StatementsPage)),
  ExchangeRatesPage: lazyPage(() => import('../exchange-rates/exchange-rates-page').then((m) => m.ExchangeRatesPage)),
  GiftAidPage: lazyPage(() => import('../gift-aid/gift-aid-page').then((m) => m.GiftAidPage)),
  CatalogueAdminPage: lazyPage(() => import('../catalogue/catalogue-page').then((m) => m.CatalogueAdminPage)),
  MessagesPage: lazyPage(() => import('../messages/messages-page').then((m) => m.MessagesPage)),
  StaffPage: lazyPage(() => import('../staff/staff-page').then((m) => m.StaffPage)),
  AuditPage: lazyPage(() => import('../audit/audit-page').then((m) => m.AuditPage)),
  WaitingListPage: lazyPage(() => import('../waiting-list/waiting-list-page').then((m) => m.WaitingListPage)),
  SecurityPage: lazyPage(() => import('../security/security-page').then((m) => m.SecurityPage)),
};
