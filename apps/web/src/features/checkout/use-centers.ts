/** The centers for the dropdown, with a retry: the form cannot be sent without choosing one. */
import type { Center } from '@store/shared/site';
import { useLoad } from '../../lib/use-load';
import { getCenters } from './get-centers';

export type CentersState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; centers: readonly Center[] };

export function useCenters(): CentersState & { retry: () => void } {
  const { state, retry } = useLoad(getCenters);
  if (state.status === 'ready') return { status: 'ready', centers: state.data.centers, retry };
  return { ...state, retry };
}
