/** The pages under /admin/ (relative to the `/admin/*` route of app-routes.tsx), each behind its role. */
import type { StaffPermission } from '@store/shared/staff';
import { staffCan, staffMessages } from '@store/shared/staff';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from '#src/lib/lazy-page';
import { useAdmin } from '../admin-context';
import { sectionsFor } from './admin-sections';

const OrdersPage = lazyPage(() => import('../orders/orders-page').then((m) => m.OrdersPage));
const OrderDetailPage = lazyPage(() => import('../orders/order-detail-page').then((m) => m.OrderDetailPage));
const OfflineGiftPage = lazyPage(() => import('../orders/offline-gift-page').then((m) => m.OfflineGiftPage));
const DonorsPage = lazyPage(() => import('../donors/donors-page').then((m) => m.DonorsPage));
const DonorDetailPage = lazyPage(() => import('../donors/donor-detail-page').then((m) => m.DonorDetailPage));
const RegistrationsPage = lazyPage(() =>
  import('../registrations/registrations-page').then((m) => m.RegistrationsPage),
);
const CatalogueAdminPage = lazyPage(() => import('../catalogue/catalogue-page').then((m) => m.CatalogueAdminPage));
const StaffPage = lazyPage(() => import('../staff/staff-page').then((m) => m.StaffPage));
const AuditPage = lazyPage(() => import('../audit/audit-page').then((m) => m.AuditPage));
const SecurityPage = lazyPage(() => import('../security/security-page').then((m) => m.SecurityPage));

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
      <Route path="registrations" element={guard('readOrders', <RegistrationsPage />)} />
      <Route path="catalogue" element={guard('editCatalogue', <CatalogueAdminPage />)} />
      <Route path="staff" element={guard('manageStaff', <StaffPage />)} />
      <Route path="audit" element={guard('readAudit', <AuditPage />)} />
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
