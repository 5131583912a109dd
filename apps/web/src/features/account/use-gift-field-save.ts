/**
 * The saving state of a monthly gift's one-field forms (amount, tier): one save at a time, the
 * dashboard reloaded after it, and a refusal shown on the field: the server's message for that
 * field when it names it, else the error's own message.
 */
import { useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';

export function useGiftFieldSave(field: string, onSaved: () => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function run(save: () => Promise<unknown>): Promise<void> {
    if (saving) return;
    setSaving(true);
    try {
      await save();
      await onSaved();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiClientError ? failure.fields?.[field] : undefined;
      setError(fieldMessage ?? (failure instanceof Error ? failure.message : String(failure)));
      setSaving(false);
    }
  }

  return { error, setError, saving, run };
}
