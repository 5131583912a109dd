/**
 * The donor list (issue 21): one line per person (a merged record counts once), alphabetical by
 * their kept e-mail, 50 a page, with their paid gifts' count and total net of refunds, the last
 * gift's date, and the other addresses merged into them. Search: contains, on the e-mail or name.
 * Test orders count, as in the report (a sandbox store has nothing else); the gifts say which they are.
 */

import type { donorPageSchema } from '@store/shared/staff';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#src/db/client';
import { containsPattern } from '#src/db/contains-pattern';
import { orders } from '#src/modules/ledger/index';
import { donorKeyOf } from './donor-key';
import { donorAliases } from './tables';

export const DONOR_PAGE_SIZE = 50;

type DonorPage = z.infer<typeof donorPageSchema>;
type Row = {
  email: string;
  name: string;
  gift_count: number;
  total_cents: number | string;
  last_gift_at: string | null;
  aliases: string[] | null;
};

export async function listDonors(
  db: Database,
  { q, after }: { q?: string | undefined; after?: string | undefined },
): Promise<DonorPage> {
  const key = donorKeyOf(orders.email);
  const search = q
    ? sql`and (${orders.email} ilike ${containsPattern(q)} or (${orders.firstName} || ' ' || ${orders.lastName}) ilike ${containsPattern(q)})`
    : sql``;
  const from = after === undefined ? sql`` : sql`and ${key} > ${after}`;
  const { rows } = await db.execute<Row>(sql`
    with gifts as (
      select ${key} as donor, ${orders.firstName} || ' ' || ${orders.lastName} as name, ${orders.createdAt} as created_at,
        -- In the home currency at the gift's own rate (decision 0040): a donor who gave in two
        -- currencies is totalled as the report totals; a gift still without a rate counts 0.
        round((${orders.amountCents} - ${orders.refundedCents}) * coalesce(${orders.homeRate}, 0)) as net,
        -- An offline gift has only a day: the list shows it, not the stand-in instant.
        coalesce(${orders.receivedOn}, to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as made
      from ${orders}
      where ${orders.status} = 'succeeded' ${search} ${from}
    ),
    page as (
      select donor, count(*)::int as gift_count, sum(net) as total_cents,
        (array_agg(made order by created_at desc))[1] as last_gift_at,
        (array_agg(name order by created_at desc))[1] as name
      from gifts group by donor order by donor limit ${DONOR_PAGE_SIZE + 1}
    )
    select page.donor as email, page.name, page.gift_count, page.total_cents,
      page.last_gift_at,
      (select array_agg(${donorAliases.email} order by ${donorAliases.email}) from ${donorAliases}
        where ${donorAliases.primaryEmail} = page.donor) as aliases
    from page order by page.donor`);
  const page = rows.slice(0, DONOR_PAGE_SIZE);
  return {
    donors: page.map((row) => ({
      email: row.email,
      name: row.name,
      giftCount: Number(row.gift_count),
      totalCents: Number(row.total_cents),
      lastGiftAt: row.last_gift_at,
      aliases: row.aliases ?? [],
    })),
    nextCursor: rows.length > DONOR_PAGE_SIZE ? (page.at(-1)?.email ?? null) : null,
  };
}
