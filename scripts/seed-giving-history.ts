/**
 * Gives an account a giving history that moved money (not sandbox test orders), for screenshots of
 * the dashboard's receipts and year-end statements and of the report (issue 20): gifts, a book and
 * a concert tier over two years, numbered as the settlement numbers them. PGlite: stop the server
 * first.
 *
 *   node --import tsx scripts/seed-giving-history.ts --email asha@example.org [--data-dir data]
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { users } from '../apps/server/src/modules/auth/tables';
import type { OrderProduct } from '../apps/server/src/modules/ledger/index';
import { seedOrders } from '../apps/server/test/seed-orders';
import { BOOK_LINE, giftLine, PATRON_LINE } from '../apps/server/test/tax-lines';

const { values } = parseArgs({
  options: { email: { type: 'string' }, 'data-dir': { type: 'string', default: 'data' } },
});
if (!values.email) throw new Error('--email is required');

const gift = (cents: number) => giftLine(cents);
const patron = PATRON_LINE;
const book = { ...BOOK_LINE, quantity: 2 };

const connection = await openDatabase({ kind: 'pglite', dataDir: join(resolve(values['data-dir']), 'pglite') });
try {
  await migrateDatabase(connection);
  const db = connection.db;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, values.email.toLowerCase()));
  if (!user) throw new Error(`no account with the e-mail ${values.email}`);
  const history: { at: string; products: OrderProduct[]; deductible: number; seq: number }[] = [
    { at: '2025-02-14T17:00:00Z', products: [gift(10_100)], deductible: 10_100, seq: 901 },
    { at: '2025-08-15T17:00:00Z', products: [patron, book], deductible: 40_000, seq: 902 },
    { at: '2025-12-31T23:30:00Z', products: [gift(50_100)], deductible: 50_100, seq: 903 },
    { at: '2026-03-01T17:00:00Z', products: [gift(25_100)], deductible: 25_100, seq: 904 },
  ];
  await seedOrders(
    db,
    history.map((h) => {
      const year = Number(h.at.slice(0, 4));
      return {
        email: user.email,
        userId: user.id,
        firstName: 'Asha',
        lastName: 'Rao',
        centerId: 2,
        test: false,
        gateway: 'braintree',
        createdAt: new Date(h.at),
        products: h.products,
        deductibleCents: h.deductible,
        paymentMethod: 'Visa ending in 4242',
        receiptYear: year,
        receiptSeq: h.seq,
        receiptNumber: `${year}-${String(h.seq).padStart(6, '0')}`,
      };
    }),
  );
  console.log(`${history.length} gifts added to ${user.email}'s account`);
} finally {
  await connection.close();
}
