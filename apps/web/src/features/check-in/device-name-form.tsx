/** The first thing a new device asks: its name, which the other doors see in a conflict. */
import { deviceNameSchema } from '@store/shared/check-in-sync';
import { useId, useState } from 'react';
import { doorTexts } from './door-texts';

export function DeviceNameForm({ onSave }: { onSave: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = deviceNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(`The name ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    try {
      await onSave(parsed.data);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <form className="door-panel" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId} className="door-label">
        {doorTexts.nameDevice}
      </label>
      <input
        id={inputId}
        className="door-input"
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error !== null}
        autoComplete="off"
      />
      <p id={hintId} className="door-hint">
        {doorTexts.nameDeviceHint}
      </p>
      {error ? (
        <p id={errorId} className="door-failure" role="alert">
          {error}
        </p>
      ) : null}
      <div className="door-actions">
        <button type="submit" className="door-button door-button--go">
          {doorTexts.save}
        </button>
      </div>
    </form>
  );
}
