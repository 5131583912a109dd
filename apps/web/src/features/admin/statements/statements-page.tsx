/**
 * /admin/statements (issue 21): a treasurer sends a year's year-end statements, after a preview of
 * how many would go. The server queues each donor's statement for a year once, however often this
 * is pressed (the same run as `npm run statements`).
 */
import { type StatementRun, statementRunRequestSchema, statementRunSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { FormAlert } from '../form-alert';
import { staffSend } from '../staff-request';
import { useStaffFailure } from '../use-staff-failure';

/** Statements are sent for a year that has ended: last year, unless said otherwise. */
const LAST_YEAR = String(new Date().getFullYear() - 1);

function runStatements(year: number, dryRun: boolean): Promise<StatementRun> {
  return staffSend('/api/staff/statements', { year, dryRun }, statementRunSchema);
}

function summary(run: StatementRun): string {
  if (run.dryRun) {
    return `${run.year}: ${run.donors} donors gave; ${run.queued} statements would be sent now, ${run.alreadyQueued} were sent before.`;
  }
  return `${run.year}: ${run.queued} statements are on their way; ${run.alreadyQueued} had been sent before.`;
}

export function StatementsPage() {
  const id = useId();
  const describe = useStaffFailure();
  const [year, setYear] = useState(LAST_YEAR);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<StatementRun | null>(null);
  const [done, setDone] = useState<StatementRun | null>(null);
  const [pending, setPending] = useState(false);

  async function run(dryRun: boolean) {
    const checked = checkRequest(statementRunRequestSchema, { year: Number(year), dryRun });
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setFailure(null);
    setPending(true);
    try {
      const answer = await runStatements(checked.data.year, dryRun);
      if (dryRun) setPreview(answer);
      else {
        setPreview(null);
        setDone(answer);
      }
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
    }
    setPending(false);
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) void run(true);
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Year-end statements</h2>
      <p>
        One statement per donor and calendar year: every gift with its receipt number and deductible part, refunds taken
        into account. Each donor gets a year's statement once, however often it is sent.
      </p>
      {preview && preview.queued > 0 ? (
        <ConfirmStep
          legend="Send the statements"
          action={`Send ${preview.queued} statements`}
          pendingAction="Sending…"
          pending={pending}
          onConfirm={() => void run(false)}
          onChange={() => setPreview(null)}
        >
          {summary(preview)}
        </ConfirmStep>
      ) : (
        <form className="form admin-panel" noValidate onSubmit={review}>
          <LabelledInput
            id={`${id}-year`}
            name="year"
            label="Year"
            inputMode="numeric"
            value={year}
            onChange={(event) => setYear(event.target.value)}
            error={fieldError(fields, 'year', 'Year')}
          />
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Counting…' : 'Preview'}
          </button>
          <FormAlert message={failure} />
        </form>
      )}
      {preview && preview.queued === 0 && (
        <p role="status" className="admin-done">
          {`${summary(preview)} Nothing to send.`}
        </p>
      )}
      {done && (
        <p role="status" className="admin-done">
          {summary(done)}
        </p>
      )}
    </section>
  );
}
