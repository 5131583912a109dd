import type { ReportResponse } from '@store/shared/report';
import { formatCount } from '#src/lib/format';

/**
 * Issue 20's year-end statements, newest year first: "Year-end statements: 2026: 120 sent, 3 waiting;
 * 2025: 98 sent". Waiting ones are still in the outbox; none waiting is not worth a word.
 */
export function statementsLine(statements: ReportResponse['statements']): string {
  const years = [...statements]
    .sort((a, b) => b.year - a.year)
    .map(({ year, sent, queued }) => {
      const waiting = queued > 0 ? `, ${formatCount(queued)} waiting` : '';
      return `${year}: ${formatCount(sent)} sent${waiting}`;
    });
  return `Year-end statements: ${years.join('; ')}`;
}
