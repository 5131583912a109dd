/** "Move everyone to another session": the sessions with places for the whole family now. */

import { eventSessionTexts } from '@store/shared/event-sessions';
import { familyTexts, type MoveTarget } from '@store/shared/family-registration';
import { formatSessionStart } from '@store/shared/session-time';
import { type FormEvent, useId, useState } from 'react';
import { LabelledSelect } from '#src/components/labelled-select';
import type { ChangeOutcome } from './use-family';

type MoveSessionProps = {
  targets: readonly MoveTarget[];
  busy: boolean;
  onMove: (sessionId: number) => Promise<ChangeOutcome>;
};

export function MoveSession({ targets, busy, onMove }: MoveSessionProps) {
  const id = useId();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice) {
      setError(eventSessionTexts.sessionRequired);
      return;
    }
    const outcome = await onMove(Number(choice));
    setError(outcome.ok ? undefined : (outcome.fields.sessionId ?? outcome.message));
    if (outcome.ok) setChoice('');
  }

  return (
    <section className="family-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{familyTexts.move}</h2>
      {targets.length === 0 ? (
        <p>{familyTexts.noMoveTargets}</p>
      ) : (
        <form onSubmit={submit} noValidate className="family-move">
          <LabelledSelect
            id={`${id}-session`}
            label={eventSessionTexts.sessionLabel}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            error={error}
          >
            <option value="">Choose a session</option>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {`${t.centerName}: ${t.hall}, ${formatSessionStart(t.startsAt, t.timeZone)} (${
                  t.availability === 'almost_full'
                    ? eventSessionTexts.almostFull
                    : eventSessionTexts.placesLeft(t.placesLeft)
                })`}
              </option>
            ))}
          </LabelledSelect>
          <button type="submit" className="button" disabled={busy}>
            {familyTexts.moveButton}
          </button>
        </form>
      )}
    </section>
  );
}
