/** The registration's refusals that are about the attempt rather than the body's fields. */
import { AppError } from '#src/errors/app-error';

/** 422: the browser makes one key per attempt, so another body under it is a client bug or tampering. */
export function registrationKeyReused(): AppError {
  return new AppError(
    'idempotency_key_reused',
    'This registration attempt was already used for different registrants. Please reload the page and try again.',
  );
}
