/** The money calls (packages/shared/src/staff.ts, "Money"). */
import { type OfflineGiftDates, offlineGiftDatesSchema } from '@store/shared/offline-gift-dates';
import {
  type offlineGiftRequestSchema,
  type refundRequestSchema,
  refundResultSchema,
  type StaffOrder,
  type StaffOrderDetail,
  staffOrderDetailSchema,
  staffOrderPageSchema,
  type voidOfflineGiftRequestSchema,
} from '@store/shared/staff';
import type { z } from 'zod';
import { staffGet, staffSend, withParams } from '../staff-request';
import type { Page } from '../use-paged-list';

export type RefundRequest = z.infer<typeof refundRequestSchema>;
export type RefundResult = z.infer<typeof refundResultSchema>;
export type OfflineGiftRequest = z.infer<typeof offlineGiftRequestSchema>;

export const orderPath = (id: string) => `/api/staff/orders/${encodeURIComponent(id)}`;

export async function getOrders(
  filter: { q: string; center: string },
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<Page<StaffOrder>> {
  const path = withParams('/api/staff/orders', { q: filter.q, center: filter.center, cursor });
  const page = await staffGet(path, staffOrderPageSchema, signal);
  return { items: page.orders, nextCursor: page.nextCursor };
}

export const getOrder = (id: string, signal: AbortSignal): Promise<StaffOrderDetail> =>
  staffGet(orderPath(id), staffOrderDetailSchema, signal);

export const postRefund = (id: string, body: RefundRequest, idempotencyKey: string): Promise<RefundResult> =>
  staffSend(`${orderPath(id)}/refunds`, body, refundResultSchema, { idempotencyKey });

export const postVoid = (id: string, body: z.infer<typeof voidOfflineGiftRequestSchema>): Promise<StaffOrderDetail> =>
  staffSend(`${orderPath(id)}/void`, body, staffOrderDetailSchema);

export const postOfflineGift = (body: OfflineGiftRequest, idempotencyKey: string): Promise<StaffOrderDetail> =>
  staffSend('/api/staff/offline-gifts', body, staffOrderDetailSchema, { idempotencyKey });

/** The days an offline gift may be dated: the open tax years, up to today in the foundation's zone. */
export const getOfflineGiftDates = (signal: AbortSignal): Promise<OfflineGiftDates> =>
  staffGet('/api/staff/offline-gifts/dates', offlineGiftDatesSchema, signal);
