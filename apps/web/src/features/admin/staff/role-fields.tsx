/** A member's role and, for a volunteer (who reads one center's orders), their center. */
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@store/shared/staff';
import { CenterSelect } from '#src/components/center-select';
import { LabelledSelect } from '#src/components/labelled-select';
import type { useCenters } from '#src/lib/use-centers';
import { type FieldErrors, fieldError } from '../check-request';

type RoleFieldsProps = {
  id: string;
  role: StaffRole;
  centerId: string;
  onRole: (role: StaffRole) => void;
  onCenter: (centerId: string) => void;
  centers: ReturnType<typeof useCenters>;
  fields: FieldErrors;
};

export function RoleFields({ id, role, centerId, onRole, onCenter, centers, fields }: RoleFieldsProps) {
  return (
    <>
      <LabelledSelect
        id={`${id}-role`}
        name="role"
        label="Role"
        value={role}
        onChange={(event) => {
          // The options are STAFF_ROLES, so this always finds one.
          const chosen = STAFF_ROLES.find((value) => value === event.target.value);
          if (chosen) onRole(chosen);
        }}
        error={fieldError(fields, 'role', 'Role')}
      >
        {STAFF_ROLES.map((value) => (
          <option key={value} value={value}>
            {STAFF_ROLE_LABELS[value]}
          </option>
        ))}
      </LabelledSelect>
      {role === 'volunteer' && (
        <CenterSelect
          id={`${id}-center`}
          name="centerId"
          label="Center"
          emptyOption="Select a center"
          centers={centers}
          value={centerId}
          onChange={(event) => onCenter(event.target.value)}
          error={fieldError(fields, 'centerId', 'Center')}
        />
      )}
    </>
  );
}

/** The center field's value for the request: a volunteer's center, no center for the other roles. */
export function centerFor(role: StaffRole, centerId: string): number | null {
  return role === 'volunteer' && centerId !== '' ? Number(centerId) : null;
}
