/**
 * Adding a member (POST /api/staff/members): username, first password, role, center for a volunteer,
 * and, if given, the address their security notices go to.
 */
import { createStaffRequestSchema, type StaffMember } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import type { useCenters } from '#src/lib/use-centers';
import { fieldError } from '../check-request';
import { DoneNote } from '../done-note';
import { FormAlert } from '../form-alert';
import { useCheckedSubmit } from '../use-checked-submit';
import { useStaffFailure } from '../use-staff-failure';
import { centerFor, RoleFields } from './role-fields';
import { postMember } from './staff-api';
import { useRoleFields } from './use-role-fields';

type AddMemberFormProps = { centers: ReturnType<typeof useCenters>; onAdded: (member: StaffMember) => void };

export function AddMemberForm({ centers, onAdded }: AddMemberFormProps) {
  const id = useId();
  const { fields, failure, pending, submit } = useCheckedSubmit(useStaffFailure());
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const roleFields = useRoleFields('volunteer', '');
  const [done, setDone] = useState<string | null>(null);

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const { role, centerId } = roleFields;
    const request = {
      username,
      password,
      role,
      centerId: centerFor(role, centerId),
      ...(email.trim() === '' ? {} : { email }),
    };
    void submit(createStaffRequestSchema, request, async (checked) => {
      const member = await postMember(checked);
      onAdded(member);
      setDone(`${member.username} is added. They set up two-factor sign-in when their role needs it.`);
      setUsername('');
      setPassword('');
      setEmail('');
    });
  }

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a member</h3>
      <form className="form" noValidate onSubmit={add} aria-busy={pending}>
        <LabelledInput
          id={`${id}-username`}
          name="username"
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={fieldError(fields, 'username', 'Username')}
        />
        <PasswordInput
          id={`${id}-password`}
          name="password"
          label="First password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(fields, 'password', 'Password')}
        />
        <LabelledInput
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail for security notices (optional)"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError(fields, 'email', 'E-mail')}
        />
        <RoleFields id={id} {...roleFields} centers={centers} fields={fields} />
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Adding…' : 'Add member'}
        </button>
        <FormAlert message={failure} />
        <DoneNote text={done} />
      </form>
    </section>
  );
}
