/** The event of /registration (issue 21): title, date, venue and description. */
import { eventSchema, type SiteEvent } from '@store/shared/site';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { CatalogueFormFrame } from './catalogue-form-frame';
import { apiErrors, type FormErrors, focusFirstError, issuesAsErrors } from './form-errors';

export type EventFormProps = { event: SiteEvent; onSave: (event: SiteEvent) => Promise<void> };

export function EventForm({ event, onSave }: EventFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(event);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const idOf = (field: string) => `${id}-${field}`;
  const set = (key: keyof SiteEvent, value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows a new set of errors only
  useEffect(() => focusFirstError(formRef.current, errors, idOf), [errors]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = eventSchema.safeParse(draft);
    if (!checked.success) return setErrors(issuesAsErrors(checked.error));
    setSaving(true);
    setErrors({});
    try {
      await onSave(checked.data);
      setSaved(true);
    } catch (error) {
      setErrors(apiErrors(error, 'event.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <CatalogueFormFrame id={id} formRef={formRef} title="The event" formError={errors.form} onSubmit={submit}>
      <LabelledInput
        id={idOf('title')}
        label="Title"
        value={draft.title}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <LabelledInput
        id={idOf('date')}
        label="Date"
        type="date"
        value={draft.date}
        error={errors.date}
        onChange={(e) => set('date', e.target.value)}
      />
      <LabelledInput
        id={idOf('venue')}
        label="Venue"
        value={draft.venue}
        error={errors.venue}
        onChange={(e) => set('venue', e.target.value)}
      />
      <div className="field">
        <label htmlFor={idOf('description')}>Description</label>
        <textarea
          id={idOf('description')}
          rows={4}
          value={draft.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${idOf('description')}-error` : undefined}
          onChange={(e) => set('description', e.target.value)}
        />
        {errors.description && (
          <p id={`${idOf('description')}-error`} className="field__error">
            {errors.description}
          </p>
        )}
      </div>
      <div className="catalogue-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save the event'}
        </button>
        {saved && <p role="status">Saved.</p>}
      </div>
    </CatalogueFormFrame>
  );
}
