import type { ComponentProps } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { CentersState } from '#src/lib/use-centers';
import { LabelledSelect } from './labelled-select';

type CenterSelectProps = Omit<ComponentProps<typeof LabelledSelect>, 'children' | 'below'> & {
  /** The first option, worth '' ('Select a center' at checkout, 'All centers' in the report's filters). */
  emptyOption: string;
  centers: CentersState & { retry: () => void };
};

/**
 * SPEC.md §2/§3/§5: a dropdown of the centers list (GET /api/public/centers), with its error under
 * it and, if the list could not be loaded, why and a button to load it again. The checkout's Center
 * field and the report's center filter.
 */
export function CenterSelect({ emptyOption, centers, ...select }: CenterSelectProps) {
  const { i18n } = useLingui();
  const failed = centers.status === 'error' && (
    <div role="alert" className="field__problem">
      <span>{`${i18n._('Could not load the centers.')} ${centers.message}`}</span>
      <button type="button" className="text-button" onClick={centers.retry}>
        {i18n._('Retry loading centers')}
      </button>
    </div>
  );
  return (
    <LabelledSelect {...select} aria-busy={centers.status === 'loading' ? true : undefined} below={failed}>
      <option value="">{emptyOption}</option>
      {centers.status === 'ready' &&
        centers.centers.map((center) => (
          <option key={center.id} value={String(center.id)}>
            {center.name}
          </option>
        ))}
    </LabelledSelect>
  );
}
