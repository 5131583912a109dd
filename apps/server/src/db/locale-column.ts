/**
 * The language a record was made in (decision 0042): an order, a monthly gift, an event
 * registration, an account. Its e-mails and PDFs are written in it later, by the mail worker, long
 * after the request that chose it is gone. Only the site's languages are stored: the request's
 * language is always one of them (i18n/request-locale.ts), and the check holds the table to it.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@store/shared/i18n/locales';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, text } from 'drizzle-orm/pg-core';

/** `locale text not null default 'en'`: a row written before languages was written in English. */
export function localeColumn() {
  return text('locale').$type<Locale>().notNull().default(DEFAULT_LOCALE);
}

/** The column holds one of the site's languages. */
export function knownLocale(column: AnyPgColumn): SQL {
  return sql`${column} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`;
}
