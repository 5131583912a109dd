/**
 * /admin/statements (issue 21): a treasurer sends a year's year-end statements, after a preview of
 * who gets one (with each statement's totals and a sample PDF, one per entity a donor gave to) and
 * what is left out. The server queues each donor's statement from each entity for a year once,
 * however often this is pressed (the same run as `npm run statements`). A year that has not ended
 * at the foundation is sent only when the confirmation that names the consequence is pressed: the
 * donors' later gifts are on no statement.
 */

import { calendarDay } from '@store/shared/calendar-day';
import {
  countOf,
  openYearConsequence,
  type StatementRun,
  statementPreviewSummary,
  statementRunRequestSchema,
  statementSentSummary,
} from '@store/shared/year-end-statements';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { FormAlert } from '../form-alert';
import { useStaffFailure } from '../use-staff-failure';
import { StatementPreview } from './statement-preview';
import { postStatementRun } from './statements-api';

/**
 * Statements are sent for a year that has ended: last year at the foundation, unless said otherwise
 * (on New Year's Day in India, Chicago may still be in December: the browser's year is not the one).
 */
function lastYearAt(timeZone: string | null): string {
  return String(Number(calendarDay(new Date(), timeZone ?? 'UTC').slice(0, 4)) - 1);
}

export function StatementsPage() {
  const id = useId();
  const describe = useStaffFailure();
  const timeZone = useFoundationTimeZone();
  // Null until the treasurer types: the default follows the zone once the catalogue names it.
  const [typedYear, setYear] = useState<string | null>(null);
  const year = typedYear ?? lastYearAt(timeZone);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<StatementRun | null>(null);
  const [done, setDone] = useState<StatementRun | null>(null);
  const [pending, setPending] = useState(false);

  async function run(dryRun: boolean, confirmOpenYear = false) {
    const body = { year: Number(year), dryRun, ...(confirmOpenYear ? { confirmOpenYear } : {}) };
    const checked = checkRequest(statementRunRequestSchema, body);
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setFailure(null);
    setDone(null);
    setPending(true);
    try {
      const answer = await postStatementRun(checked.data);
      if (dryRun) setPreview(answer);
      else {
        setPreview(null);
        setDone(answer);
      }
    } catch (error) {
      const failed = describe(error);
      setPreview(null);
      setFields(failed.fields);
      setFailure(failed.message);
    }
    setPending(false);
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) void run(true);
  }

  const toSend = preview && preview.queued > 0 ? preview : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Year-end statements</h2>
      <p>
        One statement per donor, calendar year and legal entity they gave to (each from its issuer, in its currency):
        every gift with its receipt number and deductible part, refunds taken into account. Each statement is sent once,
        however often a year is sent.
      </p>
      {toSend ? (
        <>
          {toSend.yearOpen && (
            <p className="notice notice--error admin-open-year">{openYearConsequence(toSend.year, toSend.timeZone)}</p>
          )}
          <ConfirmStep
            legend="Send the statements"
            action={
              toSend.yearOpen
                ? `Send ${countOf(toSend.queued, 'statement', 'statements')} before ${toSend.year} ends`
                : `Send ${countOf(toSend.queued, 'statement', 'statements')}`
            }
            pendingAction="Sending…"
            pending={pending}
            onConfirm={() => void run(false, toSend.yearOpen)}
            onChange={() => setPreview(null)}
          >
            {statementPreviewSummary(toSend)}
          </ConfirmStep>
        </>
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
          {`${statementPreviewSummary(preview)} Nothing to send.`}
        </p>
      )}
      {preview && <StatementPreview run={preview} />}
      {done && (
        <p role="status" className="admin-done">
          {statementSentSummary(done)}
        </p>
      )}
    </section>
  );
}
