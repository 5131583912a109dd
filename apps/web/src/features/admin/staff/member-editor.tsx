/**
 * One member's changes (PATCH /api/staff/members/:id): role and center, the address for security
 * notices, may sign in or not, a new password, clearing their two-factor (a lost phone with no
 * recovery codes left; confirmed first), and unlocking a code step locked by ten wrong codes.
 */
import { STAFF_ROLE_LABELS, type StaffMember, updateStaffRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import { ZoneNote } from '#src/components/zone-note';
import { formatDate } from '#src/lib/format';
import type { useCenters } from '#src/lib/use-centers';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { fieldError } from '../check-request';
import { DoneNote } from '../done-note';
import { FormAlert } from '../form-alert';
import { useCheckedSubmit } from '../use-checked-submit';
import { useStaffFailure } from '../use-staff-failure';
import { centerFor, RoleFields } from './role-fields';
import { patchMember, type StaffUpdate, unlockCodeStep } from './staff-api';
import { useRoleFields } from './use-role-fields';

const NOTHING_TO_SEND = z.object({});

type MemberEditorProps = {
  member: StaffMember;
  centers: ReturnType<typeof useCenters>;
  onChanged: (member: StaffMember) => void;
  onClose: () => void;
};

export function MemberEditor({ member, centers, onChanged, onClose }: MemberEditorProps) {
  const id = useId();
  const { fields, failure, pending, submit } = useCheckedSubmit(useStaffFailure());
  const roleFields = useRoleFields(member.role, member.centerId === null ? '' : String(member.centerId));
  const [password, setPassword] = useState('');
  const timeZone = useFoundationTimeZone();
  const [email, setEmail] = useState(member.email ?? '');
  const [done, setDone] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  async function change(update: StaffUpdate, said: string) {
    setDone(null);
    await submit(updateStaffRequestSchema, update, async (checked) => {
      onChanged(await patchMember(member.id, checked));
      setDone(said);
      setPassword('');
      setConfirmReset(false);
    });
  }

  const saveRole = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { role, centerId } = roleFields;
    const label = STAFF_ROLE_LABELS[role];
    void change({ role, centerId: centerFor(role, centerId) }, `${member.username} is now ${label}.`);
  };
  const savePassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void change({ password }, `${member.username}'s password is changed.`);
  };
  const saveEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const said =
      email.trim() === ''
        ? `${member.username} has no e-mail address now.`
        : `${member.username}'s e-mail address is saved.`;
    void change({ email }, said);
  };
  const unlock = () => {
    setDone(null);
    void submit(NOTHING_TO_SEND, {}, async () => {
      onChanged(await unlockCodeStep(member.id));
      setDone(`${member.username} may enter two-factor codes again.`);
    });
  };

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <div className="admin-panel__header">
        <h3 id={`${id}-title`}>{`Change ${member.username}`}</h3>
        <button type="button" className="text-button" onClick={onClose}>
          Close
        </button>
      </div>
      {member.codeStepLockedUntil && (
        <div className="notice notice--error admin-lock">
          <p>{`Two-factor sign-in for ${member.username} is paused after 10 wrong codes, until ${formatDate(member.codeStepLockedUntil, timeZone)}. Whoever entered them knew the password: ask ${member.username} before unlocking.`}</p>
          <ZoneNote />
          <button type="button" className="button" disabled={pending} onClick={unlock}>
            Unlock two-factor sign-in
          </button>
        </div>
      )}
      <form className="form" noValidate onSubmit={saveRole}>
        <RoleFields id={id} {...roleFields} centers={centers} fields={fields} />
        <button type="submit" className="button" disabled={pending}>
          Save role
        </button>
      </form>
      <form className="form admin-subform" noValidate onSubmit={saveEmail}>
        <LabelledInput
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail for security notices"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError(fields, 'email', 'E-mail')}
        />
        <button type="submit" className="button button--secondary" disabled={pending}>
          Save e-mail
        </button>
      </form>
      <form className="form admin-subform" noValidate onSubmit={savePassword}>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(fields, 'password', 'Password')}
        />
        <button type="submit" className="button button--secondary" disabled={pending}>
          Set password
        </button>
      </form>
      <div className="admin-actions admin-subform">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() =>
            change(
              { disabled: !member.disabled },
              member.disabled ? `${member.username} may sign in again.` : `${member.username} can no longer sign in.`,
            )
          }
        >
          {member.disabled ? 'Enable' : 'Disable'}
        </button>
        {member.totpEnabled && !confirmReset && (
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => setConfirmReset(true)}
          >
            Reset two-factor
          </button>
        )}
      </div>
      {confirmReset && (
        <fieldset className="admin-confirm">
          <legend>Confirm the two-factor reset</legend>
          <p>{`Clear ${member.username}'s two-factor sign-in? They set it up again at their next sign-in.`}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => change({ resetTotp: true }, `${member.username}'s two-factor is cleared.`)}
            >
              Reset two-factor
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirmReset(false)}>
              Cancel
            </button>
          </div>
        </fieldset>
      )}
      <FormAlert message={failure} />
      <DoneNote text={done} />
    </section>
  );
}
