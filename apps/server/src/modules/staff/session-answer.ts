/** The answer of every sign-in call (staffSessionSchema): the stage and who is signed in. */
import { type StaffSession, type StaffStage, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import type { StaffRow } from './staff-sessions';

/** The center's name as staff edit it now (site_content). */
export type CenterName = (centerId: number) => Promise<string | undefined>;

export async function staffSessionAnswer(
  staff: StaffRow,
  stage: StaffStage,
  centerName: CenterName,
): Promise<StaffSession> {
  const center = staff.centerId === null ? undefined : await centerName(staff.centerId);
  return {
    stage,
    staff: {
      id: staff.id,
      username: staff.username,
      role: staff.role,
      centerId: staff.centerId,
      centerName: center ?? null,
      totpEnabled: staff.totpEnabledAt !== null,
      totpRequired: TWO_FACTOR_REQUIRED.includes(staff.role),
    },
  };
}
