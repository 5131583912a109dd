/** 'Newer' / 'Older' between pages (newest first), with 'Page N' and the rows this page holds. */
import { formatCount } from '#src/lib/format';

type ReportPagerProps = {
  page: number;
  /** Rows on the pages before this one, and on this one (0 hides the "Rows" line). */
  before: number;
  rows: number;
  total: number;
  hasOlder: boolean;
  busy: boolean;
  onNewer: () => void;
  onOlder: () => void;
};

export function ReportPager({ page, before, rows, total, hasOlder, busy, onNewer, onOlder }: ReportPagerProps) {
  const first = before + 1;
  return (
    <nav className="report-pager" aria-label="Donor pages">
      <button type="button" className="button" disabled={busy || page <= 1} onClick={onNewer}>
        Newer
      </button>
      <p className="report-pager__where">
        <span>{`Page ${page}`}</span>
        {rows > 0 && (
          <span className="report-pager__rows">{`Rows ${formatCount(first)}–${formatCount(first + rows - 1)} of ${formatCount(total)}`}</span>
        )}
      </p>
      <button type="button" className="button" disabled={busy || !hasOlder} onClick={onOlder}>
        Older
      </button>
    </nav>
  );
}
