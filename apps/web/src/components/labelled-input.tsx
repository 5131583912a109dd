import type { ComponentProps, ReactNode } from 'react';

type LabelledInputProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  /** The field's current error, shown under it and announced with it (aria-describedby); may hold a link. */
  error?: ReactNode;
  /** Shown beside the input, e.g. the detected card brand. */
  aside?: ReactNode;
};

/** A label, an input and its error: the one field layout of every form (checkout, card, registration, account, report). */
export function LabelledInput({ id, label, error, aside, ...input }: LabelledInputProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {aside}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
