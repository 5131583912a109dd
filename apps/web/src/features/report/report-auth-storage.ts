/**
 * The report's credentials in sessionStorage under `report-auth` (SPEC.md §4 "Report", §9).
 *
 * Keeping the password in the browser is what SPEC.md asks for: it lets a reload stay logged in.
 * sessionStorage limits the exposure: the value is per tab, gone when the tab closes, and removed
 * on logout and after any failed report call. Storage can throw (privacy modes): the login then
 * simply lasts as long as the page.
 */
import { REPORT_AUTH_STORAGE_KEY } from '@store/shared/storage-keys';
import type { ReportCredentials } from './report-credentials';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isCredentials(value: unknown): value is ReportCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const { username, password } = value as Record<string, unknown>;
  return typeof username === 'string' && username !== '' && typeof password === 'string' && password !== '';
}

/** The stored credentials, or null. A value that is not `{ username, password }` JSON is dropped. */
export function readStoredCredentials(): ReportCredentials | null {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(REPORT_AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  if (text == null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (isCredentials(value)) return { username: value.username, password: value.password };
  } catch {
    // Not JSON: dropped below, like any other shape.
  }
  clearStoredCredentials();
  return null;
}

export function storeCredentials({ username, password }: ReportCredentials): void {
  try {
    storage()?.setItem(REPORT_AUTH_STORAGE_KEY, JSON.stringify({ username, password }));
  } catch {
    // Quota or privacy mode: the login lasts until a reload.
  }
}

export function clearStoredCredentials(): void {
  try {
    storage()?.removeItem(REPORT_AUTH_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
}
