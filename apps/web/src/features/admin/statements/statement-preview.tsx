/**
 * What a year's statements will be before they are sent: the donors who get one, with the totals
 * their statement states and a sample PDF each, and what is on no statement and why. A donor who
 * gave to more than one legal entity has a row per entity's statement, each in its currency; the
 * "From" column names each statement's entity once any is not the US foundation's in dollars.
 */
import { formatCents } from '@store/shared/money';
import { exclusionText, type StatementRecipient, type StatementRun } from '@store/shared/year-end-statements';
import { useId } from 'react';
import { DataTable } from '#src/components/data-table';
import { sampleStatementPath } from './statements-api';

const money = (row: StatementRecipient, cents: number) => formatCents(cents, row.from?.currency);

export function StatementPreview({ run }: { run: StatementRun }) {
  const id = useId();
  const listedDonors = new Set(run.recipients.map((row) => row.email)).size;
  const more = run.donors - listedDonors;
  const fromColumn = run.recipients.some((row) => row.from)
    ? [
        {
          header: 'From',
          cell: (row: StatementRecipient) => (row.from ? `${row.from.issuer} (${row.from.currency})` : ''),
        },
      ]
    : [];
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
            rowKey={(row) => `${row.email} ${row.from?.key ?? ''} ${row.from?.currency ?? ''}`}
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
              ...fromColumn,
              { header: 'Gifts', cell: (row) => row.gifts, className: 'report-table__number' },
              { header: 'Total given', cell: (row) => money(row, row.totalCents), className: 'report-table__number' },
              {
                header: 'Deductible',
                cell: (row) => money(row, row.deductibleCents),
                className: 'report-table__number',
              },
              {
                header: 'Statement',
                cell: (row) => (
                  <>
                    <a
                      href={sampleStatementPath(run.year, row.email, row.from?.key)}
                      aria-label={`Sample PDF for ${row.name}${row.from ? ` from ${row.from.issuer}` : ''}`}
                    >
                      Sample PDF
                    </a>
                    {row.alreadyQueued && <span className="admin-muted"> Sent before</span>}
                  </>
                ),
              },
            ]}
          />
          {more > 0 && (
            <p className="admin-muted">{`The first ${listedDonors} of ${run.donors} donors, by name: every one of them gets a statement.`}</p>
          )}
        </section>
      )}
    </div>
  );
}
