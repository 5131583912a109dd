/** The single-use token of an e-mailed link (verify e-mail, reset password), and its refusal. */
import { ApiClientError } from '#src/lib/api-client';

/** `?token=…` of the page's URL; '' when the link lost it (a mail client cut it off). */
export function tokenFrom(params: URLSearchParams): string {
  return params.get('token')?.trim() ?? '';
}

/** The server's answer to a token that has expired, was used, or never was one (400 invalid_token). */
export function isInvalidToken(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    error.status === 400 &&
    (error.code === 'invalid_token' || error.fields?.token !== undefined)
  );
}
