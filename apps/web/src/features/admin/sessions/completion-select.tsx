/**
 * One registrant's "Completed" in the certificates table: a select saved as soon as it changes, with
 * a note saying it was saved or why not (the select goes back to what is stored). A registrant whose
 * certificate was sent shows how, and the day it was sent, with nothing to change.
 */
import {
  COMPLETION_KINDS,
  COMPLETION_LABELS,
  type CompletionKind,
  type CompletionRow,
} from '@store/shared/certificates';
import { useState } from 'react';
import { useStaffFailure } from '../use-staff-failure';
import { saveCompletion } from './certificates-api';

const NOT_MARKED = '';

export function CompletionSelect({
  sessionId,
  row,
  sentOn,
  onSaved,
}: {
  sessionId: number;
  row: CompletionRow;
  /** How the day a certificate was sent reads ("Nov 28, 2026"). */
  sentOn: (iso: string) => string;
  onSaved: (row: CompletionRow) => void;
}) {
  const failure = useStaffFailure();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  if (row.certificateQueuedAt) {
    return (
      <span className="certificates-panel__sent">
        {row.how ? COMPLETION_LABELS[row.how] : ''}
        <br />
        Certificate sent {sentOn(row.certificateQueuedAt)}
      </span>
    );
  }

  const change = async (value: string) => {
    const how = (COMPLETION_KINDS as readonly string[]).includes(value) ? (value as CompletionKind) : null;
    setSaving(true);
    setNote(null);
    try {
      await saveCompletion(sessionId, row.registrantId, how);
      onSaved({ ...row, how });
      setNote({ ok: true, text: 'Saved' });
    } catch (error) {
      setNote({ ok: false, text: `Not saved: ${failure(error).message}` });
    }
    setSaving(false);
  };

  return (
    <span className="certificates-panel__completed">
      <select
        aria-label={`Completed: ${row.name}`}
        value={row.how ?? NOT_MARKED}
        disabled={saving}
        onChange={(event) => void change(event.target.value)}
      >
        <option value={NOT_MARKED}>Not marked</option>
        {COMPLETION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {COMPLETION_LABELS[kind]}
          </option>
        ))}
      </select>
      {saving && <span className="certificates-panel__note">Saving…</span>}
      {note && (
        <span
          className={note.ok ? 'certificates-panel__note' : 'certificates-panel__note certificates-panel__note--failed'}
          role={note.ok ? 'status' : 'alert'}
        >
          {note.text}
        </span>
      )}
    </span>
  );
}
