/** The registrations' CSV: the same button with `table="hosts"` asks for the registrants' file. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { adminAuthorization, adminCredentials } from '#src/test/report-fixture';
import { DownloadCsvButton } from './download-csv-button';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('Download registrations CSV fetches table=hosts with the filters and saves the file', async () => {
  const csv = 'Registration,Date\r\nBGM-000001,2026-03-01 00:00:00\r\n';
  const requests: Request[] = [];
  let disposition: string | null = 'attachment; filename="event-registrations-2026-03-01-2026-03-31.csv"';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(new URL(String(input), 'http://localhost'), init));
      return new Response(csv, { headers: disposition ? { 'Content-Disposition': disposition } : {} });
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:hosts-1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const onUnauthorized = vi.fn();
  render(
    <DownloadCsvButton
      credentials={adminCredentials}
      query={{ from: '2026-03-01', to: '2026-03-31', q: 'rao', limit: 50 }}
      onUnauthorized={onUnauthorized}
      table="hosts"
    />,
  );
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Download registrations CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const [request] = requests;
  expect(request?.url).toBe('http://localhost/api/report-data.csv?from=2026-03-01&to=2026-03-31&q=rao&table=hosts');
  expect(request?.headers.get('Authorization')).toBe(adminAuthorization);
  expect(saved[0]).toBe('event-registrations-2026-03-01-2026-03-31.csv');

  disposition = null;
  await user.click(screen.getByRole('button', { name: 'Download registrations CSV' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(saved[1]).toBe('event-registrations.csv');
  expect(onUnauthorized).not.toHaveBeenCalled();
});
