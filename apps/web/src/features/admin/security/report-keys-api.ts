/** The report-key calls (packages/shared/src/report-keys.ts). */
import {
  type CreatedReportKey,
  type CreateReportKeyRequest,
  createdReportKeySchema,
  type ReportKey,
  reportKeyListSchema,
  reportKeySchema,
} from '@store/shared/report-keys';
import { staffGet, staffSend } from '../staff-request';

export async function getReportKeys(signal: AbortSignal): Promise<readonly ReportKey[]> {
  return (await staffGet('/api/staff/report-keys', reportKeyListSchema, signal)).keys;
}

export const postReportKey = (body: CreateReportKeyRequest): Promise<CreatedReportKey> =>
  staffSend('/api/staff/report-keys', body, createdReportKeySchema);

export const postRevokeReportKey = (id: string): Promise<ReportKey> =>
  staffSend(`/api/staff/report-keys/${encodeURIComponent(id)}/revoke`, {}, reportKeySchema);
