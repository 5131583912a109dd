/**
 * A list's filters kept in the URL, so the list comes back as it was after opening one of its rows:
 * the current parameters, and a change of one filter (an empty value removes it). A change replaces
 * the history entry rather than adding one, so Back leaves the list instead of undoing a filter.
 */
import { useSearchParams } from 'react-router';

export function useFilterParams<Name extends string>(): [URLSearchParams, (name: Name, value: string) => void] {
  const [params, setParams] = useSearchParams();
  function change(name: Name, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }
  return [params, change];
}
