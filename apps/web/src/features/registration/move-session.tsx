/** "Move everyone to another session": the sessions with places for the whole family now. */

import { eventSessionTexts } from '@store/shared/event-sessions';
import { familyTexts, type MoveTarget } from '@store/shared/family-registration';
import { type FormEvent, useId, useState } from 'react';
import { LabelledSelect } from '#src/components/labelled-select';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { sessionStart } from './in-page-language';
import type { ChangeOutcome } from './use-family';

type MoveSessionProps = {
  targets: readonly MoveTarget[];
  busy: boolean;
  onMove: (sessionId: number) => Promise<ChangeOutcome>;
};

export function MoveSession({ targets, busy, onMove }: MoveSessionProps) {
  const { i18n } = useLingui();
  const id = useId();
  const [choice, setChoice] = useState('');
  // English (ours, or the server's refusal); shown in the page's language.
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
      <h2 id={`${id}-heading`}>{i18n._(familyTexts.move)}</h2>
      {targets.length === 0 ? (
        <p>{i18n._(familyTexts.noMoveTargets)}</p>
      ) : (
        <form onSubmit={submit} noValidate className="family-move">
          <LabelledSelect
            id={`${id}-session`}
            label={i18n._(eventSessionTexts.sessionLabel)}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            error={error ? knownText(i18n, error) : undefined}
          >
            <option value="">{i18n._('Choose a session')}</option>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {`${t.centerName}: ${t.hall}, ${sessionStart(t.startsAt, t.timeZone)} (${
                  t.availability === 'almost_full'
                    ? i18n._(eventSessionTexts.almostFull)
                    : i18n._(eventSessionTexts.placesLeftCount, { left: t.placesLeft })
                })`}
              </option>
            ))}
          </LabelledSelect>
          <button type="submit" className="button" disabled={busy}>
            {i18n._(familyTexts.moveButton)}
          </button>
        </form>
      )}
    </section>
  );
}
