/**
 * The Donor Details table marks a test order (issue 18: the sandbox took it, nothing was paid), and
 * (issue 20) shows each receipt's number and deductible part, its PDF fetched with the report's
 * Basic authorization (a plain link could not carry it) and saved from a Blob.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { deferred } from '#src/test/checkout-doubles';
import { adminAuthorization, adminCredentials, reportPage1 } from '#src/test/report-fixture';
import { DonorTable } from './donor-table';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTable(onUnauthorized = vi.fn()) {
  render(
    <>
      <h2 id="donors">Donor Details</h2>
      <DonorTable
        donors={reportPage1.donors}
        labelledBy="donors"
        timeZone="America/Chicago"
        filtered={false}
        credentials={adminCredentials}
        onUnauthorized={onUnauthorized}
      />
    </>,
  );
  const rows = screen.getAllByRole('row').slice(1);
  const rowOf = (name: string) => rows.find((row) => within(row).queryByText(name)) as HTMLElement;
  return { rowOf, onUnauthorized };
}

/** Watches what the page hands the browser to save: the Blob and the file name. */
function watchSaves() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:receipt-${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return { blobs, saved };
}

test('shows a Test marker beside the transaction id of a test order, and only there', () => {
  const { rowOf } = renderTable();
  const test = rowOf('Ravi Kumar');
  expect(within(test).getByText('Test')).toBeTruthy();
  expect(within(test).getByText(/sbx_txn_3K8L1M/)).toBeTruthy();
  expect(within(rowOf('Asha Rao')).queryByText('Test')).toBeNull();
});

test("shows each receipt's number and deductible part; none on record is a dash", () => {
  const { rowOf } = renderTable();
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Name',
    'Email',
    'Center',
    'Amount',
    'Deductible',
    'Receipt',
    'Transaction ID',
    'Date',
    'Qty',
    'Products',
  ]);
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
  expect(cells(rowOf('Asha Rao')).slice(3, 6)).toEqual(['$30.00', '$25.00', '2026-000123PDF']);
  expect(cells(rowOf('Ravi Kumar')).slice(3, 6)).toEqual(['$1,234.50', '—', '2026-000122PDF']);
});

test("PDF fetches the row's receipt with the report's authorization and saves it", async () => {
  const answer = deferred<Response>();
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer.promise);
  vi.stubGlobal('fetch', fetchMock);
  const { blobs, saved } = watchSaves();
  const { rowOf, onUnauthorized } = renderTable();
  const user = userEvent.setup();

  const button = within(rowOf('Asha Rao')).getByRole('button', { name: 'Download receipt 2026-000123 (PDF)' });
  await user.click(button);
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  expect(String(input)).toBe('/api/report/receipts/0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01.pdf');
  const headers = new Headers(init?.headers);
  expect(headers.get('Authorization')).toBe(adminAuthorization);
  expect(headers.get('Accept')).toBe('application/pdf');

  answer.resolve(
    new Response('%PDF-1.7', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="2026-000123.pdf"' },
    }),
  );
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toEqual({ href: 'blob:receipt-1', download: '2026-000123.pdf' });
  expect(await blobs[0]?.text()).toBe('%PDF-1.7');
  await waitFor(() => expect(button).toBeEnabled());
  expect(onUnauthorized).not.toHaveBeenCalled();
});

test('a receipt the server cannot give is a toast; credentials that stopped working log out', async () => {
  let status = 404;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        { error: { code: status === 404 ? 'not_found' : 'unauthorized', message: 'No such receipt.' } },
        { status },
      ),
    ),
  );
  const { saved } = watchSaves();
  const toastError = vi.spyOn(toast, 'error');
  const { rowOf, onUnauthorized } = renderTable();
  const user = userEvent.setup();
  const button = within(rowOf('Ravi Kumar')).getByRole('button', { name: 'Download receipt 2026-000122 (PDF)' });

  await user.click(button);
  await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
  expect(toastError.mock.calls[0]?.[0]).toBe('Could not download receipt 2026-000122. No such receipt.');
  expect(button).toBeEnabled();
  expect(saved).toHaveLength(0);

  status = 401;
  await user.click(button);
  await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
  expect(toastError).toHaveBeenCalledTimes(1);
});
