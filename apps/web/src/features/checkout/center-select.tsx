import type { FieldProps } from './field-props';
import type { CentersState } from './use-centers';

type CenterSelectProps = { field: FieldProps; centers: CentersState & { retry: () => void } };

/** SPEC.md §2/§3: the center dropdown, fed from the centers list; 'Please select a center.' until one is chosen. */
export function CenterSelect({ field, centers }: CenterSelectProps) {
  const { id, error, ...registration } = field;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>Center</label>
      <select
        id={id}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={centers.status === 'loading' ? true : undefined}
      >
        <option value="">Select a center</option>
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
