/**
 * Issue 20: a year-end statement (every gift of a calendar year, for the tax return) for each year
 * the donor gave, newest first, as PDFs downloaded with the session cookie. A year with gifts to
 * more than one of the foundation's legal entities (the US foundation, the Canadian charity) has a
 * statement from each, named by its issuer and currency. The years come with the dashboard; which
 * entities each year has is read on its own after it, and until then (or if that read fails) each
 * year links its default statement, whose address has always served.
 */

import { type I18n, i18n as pageI18n } from '@lingui/core';
import { accountStatementPdfPath } from '@store/shared/tax-receipts';
import type { AccountStatement } from '@store/shared/year-end-statements';
import { useEffect, useId, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { getAccountStatements } from './year-end-statements-api';

export const YEAR_END_STATEMENTS = /*i18n*/ 'Year-end statements';
export const NO_STATEMENTS = /*i18n*/ 'Your statements will appear here after your first gift.';

/** In the page's language; the year is written as a year, without grouping ('2025', not '2,025'). */
export const statementLinkText = (year: number, i18n: I18n = pageI18n) =>
  i18n._('{year} statement (PDF)', { year: String(year) });

/** One of a year's statements when it has more than one: whose it is and in what money. */
export const entityStatementLinkText = (year: number, from: AccountStatement['from'], i18n: I18n = pageI18n) =>
  i18n._('{year} statement from {issuer} in {currency} (PDF)', {
    year: String(year),
    issuer: from.issuer,
    currency: from.currency,
  });

type Item = { key: string; text: string; href: string };

function itemsOf(statements: readonly AccountStatement[]): Item[] {
  return [...statements]
    .sort((a, b) => b.year - a.year)
    .map((statement) => {
      const several = statements.filter((s) => s.year === statement.year).length > 1;
      return {
        key: `${statement.year}-${statement.from.key}`,
        text: several ? entityStatementLinkText(statement.year, statement.from) : statementLinkText(statement.year),
        href: statement.pdf,
      };
    });
}

function yearItems(years: readonly number[]): Item[] {
  return [...new Set(years)]
    .sort((a, b) => b - a)
    .map((year) => ({ key: String(year), text: statementLinkText(year), href: accountStatementPdfPath(year) }));
}

export function YearEndStatements({ years }: { years: readonly number[] }) {
  const { i18n } = useLingui();
  const id = useId();
  const [listed, setListed] = useState<AccountStatement[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getAccountStatements(controller.signal).then(
      ({ statements }) => {
        if (!controller.signal.aborted) setListed(statements);
      },
      // The years' links stay: each still downloads that year's default statement.
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const items = listed ? itemsOf(listed) : yearItems(years);
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{i18n._(YEAR_END_STATEMENTS)}</h2>
      {items.length === 0 ? (
        <p className="notice">{i18n._(NO_STATEMENTS)}</p>
      ) : (
        <ul className="account-statements">
          {items.map((item) => (
            <li key={item.key}>
              <a href={item.href} download>
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
