/** Browser storage keys named by SPEC.md §9. */
export const CART_STORAGE_KEY = 'cart';
export const REPORT_AUTH_STORAGE_KEY = 'report-auth';
export const JWT_TOKEN_STORAGE_KEY = 'jwt_token';
