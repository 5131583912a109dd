/**
 * Who a message goes to: the audience, and the session or category it needs. A volunteer writes
 * only to their own center's sessions (the server refuses the rest), so they are offered those.
 */
import { AUDIENCE_LABELS, type MessageAudienceKind } from '@store/shared/event-messages';
import { CATEGORIES } from '@store/shared/registration-rules';
import { LabelledSelect } from '#src/components/labelled-select';
import type { FieldErrors } from '../check-request';
import { fieldError } from '../check-request';

export type AudienceDraft = { kind: MessageAudienceKind; sessionId: string; category: string };

export const VOLUNTEER_KINDS: readonly MessageAudienceKind[] = ['session', 'waiting-list'];
const ALL_KINDS = Object.keys(AUDIENCE_LABELS) as MessageAudienceKind[];

/** The draft as the request's audience (the schema checks what is missing). */
export function audienceOf(draft: AudienceDraft) {
  const sessionId = draft.sessionId === '' ? undefined : Number(draft.sessionId);
  switch (draft.kind) {
    case 'session':
      return { kind: draft.kind, sessionId };
    case 'category':
      return { kind: draft.kind, category: draft.category };
    case 'waiting-list':
      return sessionId === undefined ? { kind: draft.kind } : { kind: draft.kind, sessionId };
    default:
      return { kind: draft.kind };
  }
}

type AudienceFieldsProps = {
  id: string;
  draft: AudienceDraft;
  onChange: (draft: AudienceDraft) => void;
  sessions: readonly { id: number; label: string }[] | null;
  volunteer: boolean;
  fields: FieldErrors;
};

export function AudienceFields({ id, draft, onChange, sessions, volunteer, fields }: AudienceFieldsProps) {
  const kinds = volunteer ? VOLUNTEER_KINDS : ALL_KINDS;
  const set = (change: Partial<AudienceDraft>) => onChange({ ...draft, ...change });
  const needsSession = draft.kind === 'session' || (draft.kind === 'waiting-list' && volunteer);
  return (
    <>
      <LabelledSelect
        id={`${id}-kind`}
        label="Send to"
        value={draft.kind}
        onChange={(event) => set({ kind: event.target.value as MessageAudienceKind })}
        error={fieldError(fields, 'audience.kind', 'Send to')}
      >
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {AUDIENCE_LABELS[kind]}
          </option>
        ))}
      </LabelledSelect>
      {(draft.kind === 'session' || draft.kind === 'waiting-list') && (
        <LabelledSelect
          id={`${id}-session`}
          label="Session"
          value={draft.sessionId}
          onChange={(event) => set({ sessionId: event.target.value })}
          error={fieldError(fields, 'audience.sessionId', 'Session')}
          below={
            sessions === null ? (
              <p className="field__hint">Loading the sessions…</p>
            ) : sessions.length === 0 ? (
              <p className="field__hint">There are no sessions to write to yet.</p>
            ) : null
          }
        >
          <option value="">{needsSession ? 'Choose a session' : 'Every session'}</option>
          {(sessions ?? []).map((session) => (
            <option key={session.id} value={String(session.id)}>
              {session.label}
            </option>
          ))}
        </LabelledSelect>
      )}
      {draft.kind === 'category' && (
        <LabelledSelect
          id={`${id}-category`}
          label="Category"
          value={draft.category}
          onChange={(event) => set({ category: event.target.value })}
          error={fieldError(fields, 'audience.category', 'Category')}
        >
          <option value="">Choose a category</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </LabelledSelect>
      )}
    </>
  );
}
