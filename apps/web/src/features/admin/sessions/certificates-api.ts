/** The back office's certificate calls (packages/shared/src/certificates.ts). */
import {
  type CertificateSendResult,
  type CompletionImportResult,
  type CompletionKind,
  type CompletionRow,
  certificateSendResultSchema,
  completionImportErrorsSchema,
  completionImportResultSchema,
  completionRowSchema,
  type SessionCompletions,
  sessionCompletionsSchema,
} from '@store/shared/certificates';
import { ApiClientError, errorFromBody, sendJson, sendWithoutBody } from '#src/lib/api-client';
import { staffGet, staffSend } from '../staff-request';

const CREDENTIALS = 'same-origin';
const base = (sessionId: number) => `/api/staff/sessions/${sessionId}`;

export function getCompletions(sessionId: number, signal?: AbortSignal): Promise<SessionCompletions> {
  return staffGet(`${base(sessionId)}/completions`, sessionCompletionsSchema, signal);
}

/** Marks how the registrant completed the recitation, or (null) removes the mark. */
export async function saveCompletion(
  sessionId: number,
  registrantId: string,
  how: CompletionKind | null,
): Promise<void> {
  const path = `${base(sessionId)}/completions/${registrantId}`;
  if (how === null) return sendWithoutBody(path, { method: 'DELETE', credentials: CREDENTIALS });
  await sendJson<CompletionRow>(path, { how }, async () => completionRowSchema, {
    method: 'PUT',
    credentials: CREDENTIALS,
  });
}

export type ImportAnswer =
  | { ok: true; result: CompletionImportResult }
  | { ok: false; message: string; lines: { line: number; message: string }[] };

/** Uploads the CSV as it is: its counts, or every line to correct (nothing was stored). */
export async function importCompletions(sessionId: number, csv: string): Promise<ImportAnswer> {
  const path = `${base(sessionId)}/completions/import`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: CREDENTIALS,
      headers: { Accept: 'application/json', 'Content-Type': 'text/csv' },
      body: csv,
    });
  } catch {
    throw new ApiClientError('Could not reach the server. Check your connection and try again.');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiClientError(`The server answered ${path} with something that is not JSON.`, response.status);
  }
  if (response.ok) {
    const result = completionImportResultSchema.safeParse(body);
    if (result.success) return { ok: true, result: result.data };
    throw new ApiClientError(`The server's answer to ${path} has an unexpected shape.`, response.status);
  }
  const refused = completionImportErrorsSchema.safeParse(body);
  if (refused.success) return { ok: false, message: refused.data.message, lines: refused.data.lines };
  throw await errorFromBody(path, response.status, body);
}

export function sendCertificates(sessionId: number): Promise<CertificateSendResult> {
  return staffSend(`${base(sessionId)}/certificates/send`, {}, certificateSendResultSchema);
}
