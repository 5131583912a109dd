/**
 * 'Download CSV': the filtered rows (every page) as a spreadsheet file, with the report's credentials.
 * With `table="hosts"`, 'Download registrations CSV': the event registrants for the same filters.
 */
import type { ReportQuery } from '@store/shared/report';
import { useState } from 'react';
import { downloadReportCsv, type ReportCsvTable } from './download-report-csv';
import type { ReportCredentials } from './report-credentials';
import { useReportDownload } from './use-report-download';

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
  const [error, setError] = useState<string | null>(null);
  const { busy, download } = useReportDownload(onUnauthorized, setError);
  function start() {
    setError(null);
    void download((signal) => downloadReportCsv(credentials, query, { table, signal }));
  }

  return (
    <div className="report-download">
      <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={start}>
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
