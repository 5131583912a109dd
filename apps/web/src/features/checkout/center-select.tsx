import type { ComponentProps } from 'react';
import type { CentersState } from './use-centers';

type CenterSelectProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  id: string;
  label: string;
  /** The first option, worth '' ('Select a center' at checkout, 'All centers' in the report's filters). */
  emptyOption: string;
  error?: string | undefined;
  centers: CentersState & { retry: () => void };
};

/**
 * SPEC.md §2/§3/§5: a dropdown of the centers list (GET /api/public/centers), with its error under
 * it and, if the list could not be loaded, why and a button to load it again. The checkout's Center
 * field and the report's center filter.
 */
export function CenterSelect({ id, label, emptyOption, error, centers, ...select }: CenterSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={centers.status === 'loading' ? true : undefined}
      >
        <option value="">{emptyOption}</option>
        {centers.status === 'ready' &&
          centers.centers.map((center) => (
            <option key={center.id} value={String(center.id)}>
              {center.name}
            </option>
          ))}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {centers.status === 'error' && (
        <div role="alert" className="field__problem">
          <span>{`Could not load the centers. ${centers.message}`}</span>
          <button type="button" className="text-button" onClick={centers.retry}>
            Retry loading centers
          </button>
        </div>
      )}
    </div>
  );
}
