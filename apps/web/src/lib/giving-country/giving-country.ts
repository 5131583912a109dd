/**
 * Where the visitor gives from (its country's entity takes the gift, in its currency): chosen once
 * and kept in localStorage, or guessed from the browser's languages until then ('en-CA' and 'fr-CA'
 * give from Canada, 'en-GB' from the UK, anything else from the United States, as SPEC.md's store).
 * Storage may throw (privacy modes): the choice then lives for this visit only.
 */
import { GIVING_COUNTRY_STORAGE_KEY } from '@store/shared/storage-keys';

export const HOME_COUNTRY = 'US';

let chosenThisVisit: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored choice, or null before the visitor made one (this visit's, where storage fails). */
export function storedCountry(): string | null {
  try {
    const store = storage();
    return store ? store.getItem(GIVING_COUNTRY_STORAGE_KEY) : chosenThisVisit;
  } catch {
    return chosenThisVisit;
  }
}

/** The first of the browser's languages that names a region the foundation takes gifts from. */
export function guessCountry(languages: readonly string[], countries: readonly string[]): string {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    // 'GB' is also written 'UK' by some systems.
    const country = region === 'UK' ? 'GB' : region;
    if (country && countries.includes(country)) return country;
  }
  return HOME_COUNTRY;
}

export function chooseCountry(country: string): void {
  try {
    const store = storage();
    if (store) store.setItem(GIVING_COUNTRY_STORAGE_KEY, country);
    else chosenThisVisit = country;
  } catch {
    // Kept in memory for this visit.
    chosenThisVisit = country;
  }
  for (const listener of listeners) listener();
}

/** Told when the choice changes here or in another tab. */
export function subscribeCountry(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GIVING_COUNTRY_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
