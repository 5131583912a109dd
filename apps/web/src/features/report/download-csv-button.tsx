/**
 * 'Download CSV': the filtered rows (every page) as a spreadsheet file, with the report's credentials.
 * With `table="hosts"`, 'Download registrations CSV': the event registrants for the same filters.
 */
import type { ReportQuery } from '@store/shared/report';
import { useEffect, useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { downloadReportCsv, type ReportCsvTable } from './download-report-csv';
import type { ReportCredentials } from './report-credentials';

export const DOWNLOAD_CSV_LABELS: Record<ReportCsvTable, string> = {
  donors: 'Download CSV',
  hosts: 'Download registrations CSV',
};

type DownloadCsvButtonProps = {
  credentials: ReportCredentials;
  query: ReportQuery;
  onUnauthorized: () => void;
  table?: ReportCsvTable;
};

export function DownloadCsvButton({ credentials, query, onUnauthorized, table = 'donors' }: DownloadCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  async function download() {
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    setError(null);
    try {
      await downloadReportCsv(credentials, query, { table, signal: controller.signal });
    } catch (failure) {
      if (controller.signal.aborted) return;
      if (failure instanceof ApiClientError && failure.status === 401) return onUnauthorized();
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  }

  return (
    <div className="report-download">
      <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={download}>
        {DOWNLOAD_CSV_LABELS[table]}
      </button>
      {busy && (
        <p role="status" className="report-download__note">
          Preparing the CSV file…
        </p>
      )}
      {error && (
        <p role="alert" className="report-alert">
          {`Could not download the CSV. ${error}`}
        </p>
      )}
    </div>
  );
}
