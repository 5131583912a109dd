/**
 * "Merge record <from> into this one": another e-mail's gifts and registrations are listed under
 * this donor from now on (POST /api/staff/donors/merge), after a confirm step.
 */
import { mergeDonorsRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { FormAlert } from '../form-alert';
import { useStaffFailure } from '../use-staff-failure';
import { type DonorDetail, postMergeDonors } from './donors-api';

const SAME_ADDRESS = "That is this donor's own address: enter the other record's.";

type MergeFormProps = { into: string; onMerged: (donor: DonorDetail) => void };

export function MergeForm({ into, onMerged }: MergeFormProps) {
  const id = useId();
  const describe = useStaffFailure();
  const [from, setFrom] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const checked = checkRequest(mergeDonorsRequestSchema, { from: from.trim(), into });
    // The shared rule's words name the request's field (`into`); here it is this donor's address.
    const same = from.trim().toLowerCase() === into.toLowerCase();
    setFields(checked.ok ? {} : same ? { from: SAME_ADDRESS } : checked.fields);
    if (checked.ok) setConfirming(checked.data.from);
  }

  async function confirm() {
    if (confirming === null || pending) return;
    setPending(true);
    try {
      const donor = await postMergeDonors({ from: confirming, into });
      setDone(`${confirming} is merged into this record.`);
      setFrom('');
      setConfirming(null);
      onMerged(donor);
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
      setConfirming(null);
    }
    setPending(false);
  }

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Merge another record into this one</h3>
      {confirming !== null ? (
        <ConfirmStep
          legend="Confirm the merge"
          action="Merge"
          pendingAction="Merging…"
          pending={pending}
          onConfirm={confirm}
          onChange={() => setConfirming(null)}
        >
          {`Merge record ${confirming} into ${into}? Its gifts and registrations will be listed here.`}
        </ConfirmStep>
      ) : (
        <form className="form" noValidate onSubmit={review}>
          <LabelledInput
            id={`${id}-from`}
            name="from"
            type="email"
            label="E-mail of the record to merge in"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={fieldError(fields, 'from', 'The address')}
          />
          <button type="submit" className="button">
            Review merge
          </button>
          <FormAlert message={failure} />
        </form>
      )}
      {done && (
        <p role="status" className="admin-done">
          {done}
        </p>
      )}
    </section>
  );
}
