/** The Donor Details table marks a test order (issue 18: the sandbox took it, nothing was paid). */
import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { reportPage1 } from '#src/test/report-fixture';
import { DonorTable } from './donor-table';

test('shows a Test marker beside the transaction id of a test order, and only there', () => {
  render(
    <>
      <h2 id="donors">Donor Details</h2>
      <DonorTable donors={reportPage1.donors} labelledBy="donors" timeZone="America/Chicago" filtered={false} />
    </>,
  );
  const rows = screen.getAllByRole('row').slice(1);
  const paid = rows.find((row) => within(row).queryByText('Asha Rao'));
  const test = rows.find((row) => within(row).queryByText('Ravi Kumar'));
  expect(within(test as HTMLElement).getByText('Test')).toBeTruthy();
  expect(within(test as HTMLElement).getByText(/sbx_txn_3K8L1M/)).toBeTruthy();
  expect(within(paid as HTMLElement).queryByText('Test')).toBeNull();
});
