/**
 * What a year's statements will be before they are sent: the donors who get one, with the totals
 * their statement states and a sample PDF each, and what is on no statement and why.
 */
import { formatCents } from '@store/shared/money';
import { exclusionText, type StatementRecipient, type StatementRun } from '@store/shared/year-end-statements';
import { useId } from 'react';
import { DataTable } from '#src/components/data-table';
import { sampleStatementPath } from './statements-api';

export function StatementPreview({ run }: { run: StatementRun }) {
  const id = useId();
  const more = run.donors - run.recipients.length;
  return (
    <div className="admin-statements">
      {run.exclusions.length > 0 && (
        <section aria-labelledby={`${id}-left-out`}>
          <h3 id={`${id}-left-out`}>Left out</h3>
          <ul>
            {run.exclusions.map((exclusion) => (
              <li key={exclusion.reason}>{exclusionText(exclusion)}</li>
            ))}
          </ul>
        </section>
      )}
      {run.recipients.length > 0 && (
        <section aria-labelledby={`${id}-donors`}>
          <h3 id={`${id}-donors`}>{`Donors who get a ${run.year} statement`}</h3>
          <DataTable<StatementRecipient>
            rows={run.recipients}
            rowKey={(row) => row.email}
            scrollLabel="Donors who get a statement"
            name={{ labelledBy: `${id}-donors` }}
            wide
            columns={[
              {
                header: 'Donor',
                rowHeader: true,
                className: 'admin-statements__donor',
                cell: (row) => (
                  <>
                    {row.name}
                    <br />
                    <span className="admin-muted">{row.email}</span>
                  </>
                ),
              },
              { header: 'Gifts', cell: (row) => row.gifts, className: 'report-table__number' },
              { header: 'Total given', cell: (row) => formatCents(row.totalCents), className: 'report-table__number' },
              {
                header: 'Deductible',
                cell: (row) => formatCents(row.deductibleCents),
                className: 'report-table__number',
              },
              {
                header: 'Statement',
                cell: (row) => (
                  <>
                    <a href={sampleStatementPath(run.year, row.email)} aria-label={`Sample PDF for ${row.name}`}>
                      Sample PDF
                    </a>
                    {row.alreadyQueued && <span className="admin-muted"> Sent before</span>}
                  </>
                ),
              },
            ]}
          />
          {more > 0 && (
            <p className="admin-muted">{`The first ${run.recipients.length} of ${run.donors} donors, by name: every one of them gets a statement.`}</p>
          )}
        </section>
      )}
    </div>
  );
}
