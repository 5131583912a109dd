/**
 * The token the Google sign-in hands over on /auth-success, kept in sessionStorage under
 * `jwt_token` (SPEC.md §6, §9): per tab, gone when the tab closes, removed on logout. Storage can
 * throw (privacy modes); the session cookie still signs the visitor in, so a failure is ignored.
 */
import { JWT_TOKEN_STORAGE_KEY } from '@store/shared/storage-keys';

export function storeJwtToken(token: string): void {
  try {
    window.sessionStorage.setItem(JWT_TOKEN_STORAGE_KEY, token);
  } catch {
    // Quota or privacy mode: nothing to keep it in.
  }
}

export function clearJwtToken(): void {
  try {
    window.sessionStorage.removeItem(JWT_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
}
