/** The staff sign-in calls (packages/shared/src/staff.ts, "Sign-in"). */
import { type StaffSession, staffSessionSchema, totpConfirmedSchema, totpSetupSchema } from '@store/shared/staff';
import type { z } from 'zod';
import { staffGet, staffSend, staffSendWithoutBody } from '../staff-request';

export type TotpSetup = z.infer<typeof totpSetupSchema>;
export type TotpConfirmed = z.infer<typeof totpConfirmedSchema>;

export const getStaffMe = (signal?: AbortSignal): Promise<StaffSession> =>
  staffGet('/api/staff/me', staffSessionSchema, signal);

export const postStaffLogin = (body: { username: string; password: string }): Promise<StaffSession> =>
  staffSend('/api/staff/login', body, staffSessionSchema);

export const postStaffCode = (body: { code: string }): Promise<StaffSession> =>
  staffSend('/api/staff/login/code', body, staffSessionSchema);

export const postStaffLogout = (): Promise<void> => staffSendWithoutBody('/api/staff/logout');

export const postTotpSetup = (): Promise<TotpSetup> => staffSend('/api/staff/totp/setup', {}, totpSetupSchema);

export const postTotpConfirm = (body: { code: string }): Promise<TotpConfirmed> =>
  staffSend('/api/staff/totp/confirm', body, totpConfirmedSchema);

export const postTotpDisable = (body: { password: string }): Promise<StaffSession> =>
  staffSend('/api/staff/totp/disable', body, staffSessionSchema);
