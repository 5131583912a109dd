/**
 * The report's filters: a date range, a center and a search on name, email or transaction ID.
 * 'Apply' checks them with the shared query schema and starts again from the first page;
 * 'Clear' empties them and does the same.
 */
import type { ReportQuery } from '@store/shared/report';
import { type FormEvent, useId, useState } from 'react';
import { CenterSelect } from '#src/components/center-select';
import { LabelledInput } from '#src/components/labelled-input';
import { useCenters } from '#src/lib/use-centers';
import {
  checkFilters,
  FILTER_LABELS,
  type FilterErrors,
  NO_FILTERS,
  type ReportFilterField,
  type ReportFilters,
} from './report-filters';

export const SEARCH_HINT = 'Name, email or transaction ID';

type ReportFilterFormProps = { onApply: (query: ReportQuery) => void };

export function ReportFilterForm({ onApply }: ReportFilterFormProps) {
  const id = useId();
  const centers = useCenters();
  const [draft, setDraft] = useState<ReportFilters>(NO_FILTERS);
  const [errors, setErrors] = useState<FilterErrors>({});

  const edit = (field: ReportFilterField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _edited, ...others }) => others);
  };

  function apply(filters: ReportFilters) {
    const checked = checkFilters(filters);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onApply(checked.query);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(draft);
  }

  function clear() {
    setDraft(NO_FILTERS);
    apply(NO_FILTERS);
  }

  return (
    <form className="report-filters" aria-label="Report filters" noValidate onSubmit={submit}>
      <LabelledInput
        id={`${id}-from`}
        type="date"
        label={FILTER_LABELS.from}
        value={draft.from}
        max={draft.to || undefined}
        onChange={(e) => edit('from')(e.target.value)}
        error={errors.from}
      />
      <LabelledInput
        id={`${id}-to`}
        type="date"
        label={FILTER_LABELS.to}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(e) => edit('to')(e.target.value)}
        error={errors.to}
      />
      <CenterSelect
        id={`${id}-center`}
        label={FILTER_LABELS.center}
        emptyOption="All centers"
        value={draft.center}
        onChange={(e) => edit('center')(e.target.value)}
        error={errors.center}
        centers={centers}
      />
      <LabelledInput
        id={`${id}-q`}
        type="search"
        label={FILTER_LABELS.q}
        placeholder={SEARCH_HINT}
        title={SEARCH_HINT}
        maxLength={200}
        value={draft.q}
        onChange={(e) => edit('q')(e.target.value)}
        error={errors.q}
      />
      <div className="report-filters__actions">
        <button type="submit" className="button">
          Apply
        </button>
        <button type="button" className="button button--secondary" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
