/** The back office's session calls (packages/shared/src/staff-event-sessions.ts). */
import {
  type CreateEventSessionRequest,
  type StaffEventSessionDetail,
  type StaffEventSessionList,
  staffEventSessionDetailSchema,
  staffEventSessionListSchema,
  type UpdateEventSessionRequest,
} from '@store/shared/staff-event-sessions';
import { staffGet, staffSend } from '../staff-request';

export function getSessions(signal?: AbortSignal): Promise<StaffEventSessionList> {
  return staffGet('/api/staff/sessions', staffEventSessionListSchema, signal);
}

export function getSession(id: string, signal?: AbortSignal): Promise<StaffEventSessionDetail> {
  return staffGet(`/api/staff/sessions/${encodeURIComponent(id)}`, staffEventSessionDetailSchema, signal);
}

export function postSession(request: CreateEventSessionRequest): Promise<StaffEventSessionDetail> {
  return staffSend('/api/staff/sessions', request, staffEventSessionDetailSchema);
}

export function patchSession(id: number, request: UpdateEventSessionRequest): Promise<StaffEventSessionDetail> {
  return staffSend(`/api/staff/sessions/${id}`, request, staffEventSessionDetailSchema, { method: 'PATCH' });
}
