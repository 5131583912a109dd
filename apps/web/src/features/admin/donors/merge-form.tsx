/**
 * "Merge record <from> into this one": another e-mail's gifts and registrations are listed under
 * this donor from now on (POST /api/staff/donors/merge), after a confirm step.
 */
import { mergeDonorsRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { checkRequest, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { DoneNote } from '../done-note';
import { ReviewForm } from '../review-form';
import { useConfirmedAction } from '../use-confirmed-action';
import { type DonorDetail, postMergeDonors } from './donors-api';

const SAME_ADDRESS = "That is this donor's own address: enter the other record's.";

type MergeFormProps = { into: string; onMerged: (donor: DonorDetail) => void };

export function MergeForm({ into, onMerged }: MergeFormProps) {
  const id = useId();
  const [from, setFrom] = useState('');
  const { fields, setFields, failure, setFailure, confirming, setConfirming, pending, confirm } =
    useConfirmedAction<string>();
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

  async function merge(merged: string) {
    const donor = await postMergeDonors({ from: merged, into });
    setDone(`${merged} is merged into this record.`);
    setFrom('');
    onMerged(donor);
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
          onConfirm={() => confirm(merge)}
          onChange={() => setConfirming(null)}
        >
          {`Merge record ${confirming} into ${into}? Its gifts and registrations will be listed here.`}
        </ConfirmStep>
      ) : (
        <ReviewForm onReview={review} action="Review merge" failure={failure}>
          <LabelledInput
            id={`${id}-from`}
            name="from"
            type="email"
            label="E-mail of the record to merge in"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={fieldError(fields, 'from', 'The address')}
          />
        </ReviewForm>
      )}
      <DoneNote text={done} />
    </section>
  );
}
