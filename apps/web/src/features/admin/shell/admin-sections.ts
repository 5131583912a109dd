/**
 * The back office's pages and who sees them (`staffCan`, packages/shared/src/staff.ts). The nav
 * hides what a role would be refused; the server checks every call anyway.
 */
import { type StaffPermission, type StaffRole, staffCan } from '@store/shared/staff';

export type AdminSection = {
  /** Under /admin/. */
  path: string;
  label: string;
  /** Null: every member (their own two-factor). */
  permission: StaffPermission | null;
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'orders', label: 'Orders', permission: 'readOrders' },
  { path: 'offline-gift', label: 'Offline gift', permission: 'moveMoney' },
  { path: 'donors', label: 'Donors', permission: 'readDonors' },
  { path: 'monthly-gifts', label: 'Monthly gifts', permission: 'readMonthlyGifts' },
  { path: 'registrations', label: 'Registrations', permission: 'readOrders' },
  { path: 'matching', label: 'Matching', permission: 'moveMoney' },
  { path: 'statements', label: 'Statements', permission: 'moveMoney' },
  { path: 'exchange-rates', label: 'Exchange rates', permission: 'setExchangeRates' },
  { path: 'gift-aid', label: 'Gift Aid claim', permission: 'claimGiftAid' },
  { path: 'catalogue', label: 'Catalogue', permission: 'editCatalogue' },
  { path: 'sessions', label: 'Sessions', permission: 'readEvent' },
  { path: 'messages', label: 'Messages', permission: 'messageRegistrants' },
  { path: 'staff', label: 'Staff', permission: 'manageStaff' },
  { path: 'audit', label: 'Audit log', permission: 'readAudit' },
  { path: 'security', label: 'Security', permission: null },
];

export function sectionsFor(role: StaffRole): readonly AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => section.permission === null || staffCan(role, section.permission));
}
