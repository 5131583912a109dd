/** The answer of every sign-in call (staffSessionSchema): the stage and who is signed in. */
import { type StaffSession, type StaffStage, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import type { StaffRow } from './staff-sessions';

export type CenterName = (centerId: number) => string | undefined;

export function staffSessionAnswer(staff: StaffRow, stage: StaffStage, centerName: CenterName): StaffSession {
  return {
    stage,
    staff: {
      id: staff.id,
      username: staff.username,
      role: staff.role,
      centerId: staff.centerId,
      centerName: staff.centerId === null ? null : (centerName(staff.centerId) ?? null),
      totpEnabled: staff.totpEnabledAt !== null,
      totpRequired: TWO_FACTOR_REQUIRED.includes(staff.role),
    },
  };
}
