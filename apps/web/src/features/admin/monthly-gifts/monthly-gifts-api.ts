/** The back office's monthly gifts call (packages/shared/src/staff-monthly-gifts.ts). */
import { type StaffMonthlyGiftPage, staffMonthlyGiftPageSchema } from '@store/shared/staff-monthly-gifts';
import { staffGet, withParams } from '../staff-request';

export type MonthlyGiftFilter = { status: string; q: string };

export function getMonthlyGifts(
  filter: MonthlyGiftFilter,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<StaffMonthlyGiftPage> {
  return staffGet(
    withParams('/api/staff/monthly-gifts', { status: filter.status, q: filter.q, cursor }),
    staffMonthlyGiftPageSchema,
    signal,
  );
}
