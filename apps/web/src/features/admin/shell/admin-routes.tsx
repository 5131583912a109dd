/** The pages under /admin/ (relative to the `/admin/*` route of app-routes.tsx), each behind its role. */
import type { StaffPermission } from '@store/shared/staff';
import { staffCan, staffMessages } from '@store/shared/staff';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useAdmin } from '../admin-context';
import { ADMIN_PAGES } from './admin-pages';
import { sectionsFor } from './admin-sections';

/** A page the role may not open (a typed or bookmarked URL): said so, as the server would refuse its calls. */
function Allowed({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const { role } = useAdmin().session.staff;
  if (staffCan(role, permission)) return children;
  return (
    <p role="alert" className="notice notice--error">
      {staffMessages.forbidden}
    </p>
  );
}

function FirstSection() {
  const first = sectionsFor(useAdmin().session.staff.role)[0]?.path ?? 'security';
  return <Navigate to={`/admin/${first}`} replace />;
}

const {
  OrdersPage,
  OrderDetailPage,
  OfflineGiftPage,
  DonorsPage,
  DonorDetailPage,
  MonthlyGiftsPage,
  RegistrationsPage,
  SessionsPage,
  SessionPage,
  MatchingPage,
  StatementsPage,
  ExchangeRatesPage,
  GiftAidPage,
  CatalogueAdminPage,
  MessagesPage,
  StaffPage,
  AuditPage,
  SecurityPage,
  WaitingListPage,
} = ADMIN_PAGES;

export function AdminRoutes() {
  const guard = (permission: StaffPermission, page: ReactNode) => <Allowed permission={permission}>{page}</Allowed>;
  return (
    <Routes>
      <Route index element={<FirstSection />} />
      <Route path="orders" element={guard('readOrders', <OrdersPage />)} />
      <Route path="orders/:id" element={guard('readOrders', <OrderDetailPage />)} />
      <Route path="offline-gift" element={guard('moveMoney', <OfflineGiftPage />)} />
      <Route path="donors" element={guard('readDonors', <DonorsPage />)} />
      <Route path="donors/:email" element={guard('readDonors', <DonorDetailPage />)} />
      <Route path="monthly-gifts" element={guard('readMonthlyGifts', <MonthlyGiftsPage />)} />
      <Route path="registrations" element={guard('readOrders', <RegistrationsPage />)} />
      <Route path="sessions" element={guard('readEvent', <SessionsPage />)} />
      <Route path="sessions/:id" element={guard('readEvent', <SessionPage />)} />
      <Route path="matching" element={guard('moveMoney', <MatchingPage />)} />
      <Route path="statements" element={guard('moveMoney', <StatementsPage />)} />
      <Route path="exchange-rates" element={guard('setExchangeRates', <ExchangeRatesPage />)} />
      <Route path="gift-aid" element={guard('claimGiftAid', <GiftAidPage />)} />
      <Route path="catalogue" element={guard('editCatalogue', <CatalogueAdminPage />)} />
      <Route path="messages" element={guard('messageRegistrants', <MessagesPage />)} />
      <Route path="staff" element={guard('manageStaff', <StaffPage />)} />
      <Route path="audit" element={guard('readAudit', <AuditPage />)} />
      <Route path="sessions/:id/waiting-list" element={guard('readEvent', <WaitingListPage />)} />
      <Route path="security" element={<SecurityPage />} />
      <Route
        path="*"
        element={
          <p role="alert" className="notice">
            There is no such page in the back office. Pick one above.
          </p>
        }
      />
    </Routes>
  );
}
