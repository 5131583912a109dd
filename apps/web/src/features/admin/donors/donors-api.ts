/** The donor calls (packages/shared/src/staff.ts, "Donors"). */
import { donorDetailSchema, donorPageSchema, type donorSummarySchema } from '@store/shared/staff';
import type { z } from 'zod';
import { staffGet, staffSend, withParams } from '../staff-request';
import type { Page } from '../use-paged-list';

export type DonorSummary = z.infer<typeof donorSummarySchema>;
export type DonorDetail = z.infer<typeof donorDetailSchema>;

export async function getDonors(
  q: string,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<Page<DonorSummary>> {
  const page = await staffGet(withParams('/api/staff/donors', { q, cursor }), donorPageSchema, signal);
  return { items: page.donors, nextCursor: page.nextCursor };
}

export const getDonor = (email: string, signal: AbortSignal): Promise<DonorDetail> =>
  staffGet(`/api/staff/donors/${encodeURIComponent(email)}`, donorDetailSchema, signal);

export const postMergeDonors = (body: { from: string; into: string }): Promise<DonorDetail> =>
  staffSend('/api/staff/donors/merge', body, donorDetailSchema);

/** A donor's page in the back office. */
export const donorLink = (email: string) => `/admin/donors/${encodeURIComponent(email)}`;
