/**
 * A quarter's claim: the schedule's rows, and apart from them the declarations HMRC's upload would
 * refuse (a name or house over its limit, a postcode it cannot read). Those are never cut to fit
 * (that would claim under a name the donor never gave): they wait, out of the total, until fixed.
 */
import { normalisePostcode } from '@store/shared/gift-aid';
import {
  claimablePence,
  GIFT_AID_LIMITS,
  type GiftAidAttention,
  type GiftAidClaim,
  type GiftAidClaimRow,
} from '@store/shared/gift-aid-claim';
import type { Database } from '#src/db/client';
import { claimQuarter } from './claim-quarter';
import { claimRows } from './claim-rows';

const FIELD_LABELS = { firstName: 'First name', lastName: 'Last name', house: 'House name or number' } as const;

/** What keeps a row off the schedule, in words; empty when it may go. */
export function scheduleProblems(row: GiftAidClaimRow): string[] {
  const problems: string[] = [];
  for (const field of ['firstName', 'lastName', 'house'] as const) {
    const value = row[field].trim();
    const limit = GIFT_AID_LIMITS[field];
    if (value === '') problems.push(`${FIELD_LABELS[field]} is missing`);
    else if (value.length > limit) {
      problems.push(`${FIELD_LABELS[field]} is ${value.length} characters; HMRC takes at most ${limit}`);
    }
  }
  if (normalisePostcode(row.postcode) === null) problems.push(`Postcode "${row.postcode}" is not a UK postcode`);
  return problems;
}

/** `testStore`: the gateway moves no money, and the claim lists its test gifts (and says so). */
export async function buildGiftAidClaim(db: Database, quarter: string, testStore = false): Promise<GiftAidClaim> {
  const found = await claimRows(db, claimQuarter(quarter), testStore);
  const rows: GiftAidClaimRow[] = [];
  const attention: GiftAidAttention[] = [];
  for (const row of found) {
    const problems = scheduleProblems(row);
    if (problems.length === 0) rows.push(row);
    else attention.push({ ...row, problems });
  }
  const totalPence = rows.reduce((sum, row) => sum + row.amountPence, 0);
  const claimable = claimablePence(totalPence);
  return { quarter, test: testStore, donations: rows.length, totalPence, claimablePence: claimable, rows, attention };
}
