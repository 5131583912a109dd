/**
 * Issue 20: a year-end statement (every gift of a calendar year, for the tax return) for each year
 * the donor gave, newest first, as PDFs downloaded with the session cookie.
 */
import { accountStatementPdfPath } from '@store/shared/tax-receipts';
import { useId } from 'react';

export const YEAR_END_STATEMENTS = 'Year-end statements';
export const NO_STATEMENTS = 'Your statements will appear here after your first gift.';

export const statementLinkText = (year: number) => `${year} statement (PDF)`;

export function YearEndStatements({ years }: { years: readonly number[] }) {
  const id = useId();
  const newestFirst = [...new Set(years)].sort((a, b) => b - a);
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{YEAR_END_STATEMENTS}</h2>
      {newestFirst.length === 0 ? (
        <p className="notice">{NO_STATEMENTS}</p>
      ) : (
        <ul className="account-statements">
          {newestFirst.map((year) => (
            <li key={year}>
              <a href={accountStatementPdfPath(year)} download>
                {statementLinkText(year)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
