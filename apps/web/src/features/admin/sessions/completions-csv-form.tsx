/**
 * "Mark from a CSV": a file chosen is uploaded at once (columns Ticket and Completed, as the report's
 * CSV with a Completed column added); the answer's counts, or every line to correct when the server
 * refused the file (it then stored nothing).
 */
import { COMPLETION_CSV_COLUMNS, COMPLETION_LABELS, type CompletionImportResult } from '@store/shared/certificates';
import { useId, useState } from 'react';
import { useStaffFailure } from '../use-staff-failure';
import { importCompletions } from './certificates-api';

type Outcome =
  | { kind: 'done'; result: CompletionImportResult }
  | { kind: 'refused'; message: string; lines: { line: number; message: string }[] }
  | { kind: 'failed'; message: string };

function countsText({ marked, unmarked, unchanged }: CompletionImportResult): string {
  return `${marked} marked, ${unmarked} unmarked, ${unchanged} unchanged.`;
}

export function CompletionsCsvForm({ sessionId, onImported }: { sessionId: number; onImported: () => void }) {
  const id = useId();
  const failure = useStaffFailure();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await importCompletions(sessionId, await file.text());
      if (answer.ok) {
        setOutcome({ kind: 'done', result: answer.result });
        onImported();
      } else setOutcome({ kind: 'refused', message: answer.message, lines: answer.lines });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failure(error).message });
    }
    // The same file, corrected, can be chosen again.
    input.value = '';
    setBusy(false);
  };

  return (
    <div className="certificates-panel__csv">
      <label htmlFor={`${id}-file`}>Mark from a CSV</label>
      <p id={`${id}-hint`} className="field__hint">
        Columns "{COMPLETION_CSV_COLUMNS.ticket}" (the ticket number) and "{COMPLETION_CSV_COLUMNS.completed}" (
        {COMPLETION_LABELS.memory}, {COMPLETION_LABELS.fluent_reading}, or empty). Nothing is stored unless every line
        is right.
      </p>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={(event) => void upload(event.currentTarget)}
      />
      {busy && (
        <p role="status" className="notice">
          Reading the file…
        </p>
      )}
      {outcome?.kind === 'done' && (
        <p role="status" className="admin-done">
          {countsText(outcome.result)}
        </p>
      )}
      {outcome?.kind === 'refused' && (
        <div role="alert" className="notice notice--error">
          <p>{outcome.message}</p>
          <ul>
            {outcome.lines.map((line) => (
              <li key={`${line.line}-${line.message}`}>{line.message}</li>
            ))}
          </ul>
        </div>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="notice notice--error">
          {outcome.message}
        </p>
      )}
    </div>
  );
}
