/**
 * The claim in the layout of HMRC's Charities Online Gift Aid schedule spreadsheet, its columns in
 * its order, to paste into the template: title, aggregated donations and sponsored event left empty
 * (each gift is listed on its own, none sponsored); the date as DD/MM/YY in the UK; the amount in
 * pounds with two decimals and no £ sign or thousands separator, as the template's cells take it.
 * Quoting and the formula guard are the report's (report/csv.ts): a declared name is donor input.
 */
import type { GiftAidClaimRow } from '@store/shared/gift-aid-claim';
import { CSV_BOM, csvAmount, csvLine, csvText } from '#src/modules/report/csv';

export const GIFT_AID_CSV_HEADER = [
  'Title',
  'First name or initial',
  'Last name',
  'House name or number',
  'Postcode',
  'Aggregated donations',
  'Sponsored event',
  'Donation date',
  'Amount',
] as const;

/** 'YYYY-MM-DD' -> 'DD/MM/YY'. */
function scheduleDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;
}

export function claimCsv(rows: readonly GiftAidClaimRow[]): string {
  const lines = rows.map((row) =>
    csvLine([
      '',
      csvText(row.firstName),
      csvText(row.lastName),
      csvText(row.house),
      csvText(row.postcode),
      '',
      '',
      scheduleDate(row.donationDate),
      csvAmount(row.amountPence),
    ]),
  );
  return CSV_BOM + csvLine(GIFT_AID_CSV_HEADER.map(csvText)) + lines.join('');
}
