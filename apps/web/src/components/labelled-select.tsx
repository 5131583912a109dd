import type { ComponentProps, ReactNode } from 'react';

type LabelledSelectProps = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  /** The field's current error, shown under it and announced with it (aria-describedby). */
  error?: string | undefined;
  /** Shown under the field and its error, e.g. why its options could not be loaded. */
  below?: ReactNode;
};

/** A label, a select and its error: the select counterpart of LabelledInput. */
export function LabelledSelect({ id, label, error, below, children, ...select }: LabelledSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {below}
    </div>
  );
}
