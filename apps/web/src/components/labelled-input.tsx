import type { ComponentProps, ReactNode } from 'react';

type LabelledInputProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  /** The field's current error, shown under it and announced with it (aria-describedby); may hold a link. */
  error?: ReactNode;
  /** Shown beside the input, e.g. the detected card brand. */
  aside?: ReactNode;
  /** A sentence under the field that tells what becomes of it, read with it (aria-describedby). */
  hint?: string;
};

/** A label, an input and its error: the one field layout of every form (checkout, card, registration, account, report). */
export function LabelledInput({ id, label, error, aside, hint, ...input }: LabelledInputProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
        {aside}
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
