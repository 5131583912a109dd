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
/**
 * Ours: the country the visitor gives from ('US', 'CA', 'GB'), chosen once (or guessed from the
 * browser's language) and remembered: it sets the store's currency and the checkout's centers.
 */
export const GIVING_COUNTRY_STORAGE_KEY = 'giving_country';
