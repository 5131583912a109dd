/**
 * /admin/gift-aid: a treasurer's quarterly UK Gift Aid claim. Pick one of the last eight quarters
 * (UK time), see what would be claimed (donations, their total, the 25% HMRC repays), the rows, and
 * the declarations HMRC's upload would refuse, then download the schedule to paste into Charities
 * Online's spreadsheet.
 */
import { type GiftAidAttention, type GiftAidClaimRow, recentQuarters } from '@store/shared/gift-aid-claim';
import { formatCents } from '@store/shared/money';
import { useId, useState } from 'react';
import { DataTable } from '#src/components/data-table';
import { LabelledSelect } from '#src/components/labelled-select';
import { LoadNotice } from '../load-notice';
import { giftAidClaimCsvPath } from './gift-aid-api';
import { GiftAidSummary } from './gift-aid-summary';
import { useGiftAidClaim } from './use-gift-aid-claim';

/** A claim may go back four years (HMRC's time limit); eight quarters cover the usual catch-up. */
const QUARTERS_SHOWN = 8;
const pounds = (pence: number) => formatCents(pence, 'GBP');
const nameOf = (row: GiftAidClaimRow) => `${row.firstName} ${row.lastName}`;

export function GiftAidPage() {
  const id = useId();
  // Fixed at first render: a page left open over midnight on 31 March keeps its list.
  const [quarters] = useState(() => recentQuarters(new Date(), QUARTERS_SHOWN));
  const [quarter, setQuarter] = useState(quarters[0] ?? '');
  const { state, retry } = useGiftAidClaim(quarter);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Gift Aid claim</h2>
      <p>
        Paid UK gifts with a Gift Aid declaration, less what was refunded, in HMRC’s Charities Online schedule layout.
      </p>
      <div className="form admin-panel">
        <LabelledSelect
          id={`${id}-quarter`}
          label="Quarter"
          value={quarter}
          onChange={(event) => setQuarter(event.target.value)}
        >
          {quarters.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </LabelledSelect>
        <a className="button" href={giftAidClaimCsvPath(quarter)} download>
          Download the claim (CSV)
        </a>
      </div>
      <LoadNotice state={state} what="the claim" onRetry={retry} />
      {state.status === 'ready' && (
        <>
          <GiftAidSummary claim={state.claim} />
          {state.claim.rows.length > 0 && (
            <DataTable<GiftAidClaimRow>
              rows={state.claim.rows}
              rowKey={(row) => row.orderId}
              scrollLabel="Gift Aid claim table"
              name={{ label: `Donations claimed for ${state.claim.quarter}` }}
              columns={[
                { header: 'Donor', rowHeader: true, cell: nameOf },
                { header: 'House', cell: (row) => row.house },
                { header: 'Postcode', cell: (row) => row.postcode },
                { header: 'Date', cell: (row) => row.donationDate },
                { header: 'Amount', cell: (row) => pounds(row.amountPence), className: 'report-table__number' },
              ]}
            />
          )}
          {state.claim.attention.length > 0 && <NeedsAttention rows={state.claim.attention} />}
        </>
      )}
    </section>
  );
}

function NeedsAttention({ rows }: { rows: readonly GiftAidAttention[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Needs attention</h3>
      <p>Left out of this claim: HMRC would refuse these declarations as they stand. Correct them, then claim them.</p>
      <ul>
        {rows.map((row) => (
          <li key={row.orderId}>
            {`${nameOf(row)}, ${pounds(row.amountPence)} on ${row.donationDate}`}
            {row.receiptNumber ? ` (receipt ${row.receiptNumber})` : ''}
            {`: ${row.problems.join('; ')}.`}
          </li>
        ))}
      </ul>
    </section>
  );
}
