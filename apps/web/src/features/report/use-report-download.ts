/**
 * A file the report fetches with its credentials when a button is pressed (the CSV, a receipt's
 * PDF): busy while it comes, abandoned if the button leaves the page, a 401 handed to
 * `onUnauthorized` (the credentials are asked for again) and any other failure's words to `onFailure`.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';

export function useReportDownload(onUnauthorized: () => void, onFailure: (reason: string) => void) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  async function download(fetchFile: (signal: AbortSignal) => Promise<void>) {
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    try {
      await fetchFile(controller.signal);
    } catch (failure) {
      if (controller.signal.aborted) return;
      if (failure instanceof ApiClientError && failure.status === 401) return onUnauthorized();
      onFailure(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  }

  return { busy, download };
}
