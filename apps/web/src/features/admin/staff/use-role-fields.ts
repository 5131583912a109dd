/** The role and center a member form holds, as RoleFields shows and changes them. */
import type { StaffRole } from '@store/shared/staff';
import { useState } from 'react';

export type RoleFieldsState = {
  role: StaffRole;
  centerId: string;
  onRole: (role: StaffRole) => void;
  onCenter: (centerId: string) => void;
};

/** `centerId` is the select's value: a center's id as text, or '' for none. */
export function useRoleFields(initialRole: StaffRole, initialCenterId: string): RoleFieldsState {
  const [role, onRole] = useState<StaffRole>(initialRole);
  const [centerId, onCenter] = useState(initialCenterId);
  return { role, centerId, onRole, onCenter };
}
