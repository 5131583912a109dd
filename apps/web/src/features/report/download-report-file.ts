/**
 * A file behind the report's Basic authorization (the CSV export, a receipt's PDF). A plain link
 * cannot carry the Authorization header, so the file is fetched with it and then saved from a Blob.
 */
import { ApiClientError, errorFromBody } from '#src/lib/api-client';
import { contentDispositionFilename } from './content-disposition-filename';
import { type ReportCredentials, reportAuthHeaders } from './report-credentials';
import { saveBlob } from './save-blob';

type ReportFileOptions = {
  /** The request's Accept: `text/csv`, `application/pdf`. */
  accept: string;
  /** Saved under this name when the answer's Content-Disposition names none. */
  fallbackName: string;
  /** What the file is, for the message when its download breaks off: 'CSV', 'PDF'. */
  what: string;
  signal?: AbortSignal | undefined;
};

export async function downloadReportFile(
  path: string,
  credentials: ReportCredentials,
  { accept, fallbackName, what, signal }: ReportFileOptions,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: accept, ...reportAuthHeaders(credentials) }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiClientError('Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw await errorFromBody(path.split('?')[0] ?? path, response.status, body);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiClientError(`The ${what} download was interrupted. Please try again.`, response.status);
  }
  saveBlob(blob, contentDispositionFilename(response.headers.get('Content-Disposition')) ?? fallbackName);
}
