/** The staff calls (owner; packages/shared/src/staff.ts, "Staff"). */
import { type StaffMember, staffMemberSchema, type updateStaffRequestSchema } from '@store/shared/staff';
import { z } from 'zod';
import { staffGet, staffSend } from '../staff-request';

export type StaffUpdate = z.infer<typeof updateStaffRequestSchema>;

const membersSchema = z.object({ members: z.array(staffMemberSchema) });

export async function getMembers(signal: AbortSignal): Promise<readonly StaffMember[]> {
  return (await staffGet('/api/staff/members', membersSchema, signal)).members;
}

export const postMember = (body: unknown): Promise<StaffMember> =>
  staffSend('/api/staff/members', body, staffMemberSchema);

export const patchMember = (id: string, body: StaffUpdate): Promise<StaffMember> =>
  staffSend(`/api/staff/members/${encodeURIComponent(id)}`, body, staffMemberSchema, { method: 'PATCH' });

/** Ends a member's code-step lock (ten wrong codes); the owner's alone. */
export const unlockCodeStep = (id: string): Promise<StaffMember> =>
  staffSend(`/api/staff/members/${encodeURIComponent(id)}/code-step/unlock`, {}, staffMemberSchema);
