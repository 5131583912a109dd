/** Browser storage keys: SPEC.md §9's, then ours. */
export const CART_STORAGE_KEY = 'cart';
export const REPORT_AUTH_STORAGE_KEY = 'report-auth';
export const JWT_TOKEN_STORAGE_KEY = 'jwt_token';
/**
 * Ours (localStorage, '1' or absent): this browser signed in and has not logged out since, so a
 * session cookie may exist. Pages ask the auth server for the profile only then; an anonymous visit
 * sends no request that can only answer 401. Never a credential: the HttpOnly cookie is.
 */
export const SIGNED_IN_STORAGE_KEY = 'signed_in';
