/**
 * The language a year-end statement is written in (decision 0042). A statement is for an e-mail
 * address, not for one gift: it takes the language of the address's latest paid gift (the donor's
 * latest choice), else of the account under that address, else English.
 */
import { isLocale, type Locale } from '@store/shared/i18n/locales';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { users } from '#src/modules/auth/tables';
import { orders } from '#src/modules/ledger/index';

export async function donorLocale(db: Pick<Database, 'execute'>, email: string): Promise<Locale> {
  const result = await db.execute<{ locale: string | null }>(sql`select coalesce(
      (select ${orders.locale} from ${orders}
        where lower(${orders.email}) = lower(${email}) and ${orders.status} = 'succeeded'
        order by ${orders.createdAt} desc limit 1),
      (select ${users.locale} from ${users} where lower(${users.email}) = lower(${email}))
    ) as locale`);
  const locale = result.rows[0]?.locale;
  return isLocale(locale) ? locale : 'en';
}
