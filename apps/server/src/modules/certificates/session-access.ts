/** Whose sessions a member may certify: a volunteer works on their own center's only, as at the door. */
import type { StaffIdentity } from '#src/modules/staff/require-staff';

/**
 * The center a member is limited to: a volunteer works at one center; owners and editors (who run
 * the event) see every center's sessions. Undefined: every center.
 */
export function certifyingScopeOf(staff: StaffIdentity): number | undefined {
  return staff.role === 'volunteer' ? (staff.centerId ?? -1) : undefined;
}
