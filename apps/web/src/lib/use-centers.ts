/**
 * The centers for a dropdown (the checkout's Center, the report's center filter), with a retry:
 * the checkout cannot be sent without choosing one.
 */
import type { Center } from '@store/shared/site';
import { getCenters } from './get-centers';
import { useLoad } from './use-load';

export type CentersState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; centers: readonly Center[] };

export function useCenters(): CentersState & { retry: () => void } {
  const { state, retry } = useLoad(getCenters);
  if (state.status === 'ready') return { status: 'ready', centers: state.data.centers, retry };
  return { ...state, retry };
}
