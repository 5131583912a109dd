/** What a page shows when a back-office call fails: the reason, and the fields the server refused. */
import { staffMessages } from '@store/shared/staff';
import { ApiClientError } from '#src/lib/api-client';

export type StaffFailure = {
  message: string;
  /** Request field (dot-joined path) -> the server's message, e.g. `amountCents` -> 'must be more than 0'. */
  fields: Readonly<Record<string, string>>;
  status: number | undefined;
  /** What was asked for exists, in a center outside the member's own: no retry will show it. */
  otherCenter?: boolean;
};

export function describeStaffFailure(error: unknown): StaffFailure {
  if (!(error instanceof ApiClientError)) {
    return { message: 'Something went wrong. Please try again.', fields: {}, status: undefined };
  }
  const { status } = error;
  if (status === 401) return { message: staffMessages.signedOut, fields: {}, status };
  if (status === 403 && error.code === 'other_center') {
    return { message: error.message, fields: {}, status, otherCenter: true };
  }
  if (status === 403) {
    // The server's reason as well when it gave its own (e.g. why two-factor cannot be turned off).
    const own = error.message !== staffMessages.forbidden && !error.message.startsWith('The server');
    return {
      message: own ? `${staffMessages.forbidden} ${error.message}` : staffMessages.forbidden,
      fields: {},
      status,
    };
  }
  const fields = error.fields ?? {};
  const refused = Object.keys(fields).length;
  // A refusal by field says each field's problem at the field, under its label. The server's own
  // message is written for an API client and names the request's fields (`receivedOn: …`), so a
  // person is told in words where to look instead.
  if (status === 400 && refused > 0) return { message: fieldsRefusedMessage(refused), fields, status };
  return { message: error.message, fields, status };
}

/** What the alert under a form says when the server refused some of its fields. */
export function fieldsRefusedMessage(count: number): string {
  return count === 1
    ? 'One entry needs correcting: see the message at the field above.'
    : `${count} entries need correcting: see the messages at the fields above.`;
}

/**
 * A failed request the server definitely refused: nothing was kept, so a retry is a new attempt.
 * Not a 409: it may mean the first attempt is still running, and only its key gets its answer.
 */
export function isRefusal(failure: StaffFailure): boolean {
  return failure.status !== undefined && failure.status >= 400 && failure.status < 500 && failure.status !== 409;
}
