/**
 * Merging two records of one person (issue 21): `from` becomes an alias of `into` (or of the
 * address `into` itself was merged into), and addresses merged into `from` follow it. No gift is
 * moved or changed: lists, pages and statements read gifts through the aliases. Audited.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { orders } from '#src/modules/ledger/index';
import { registrations } from '#src/modules/registrations/tables';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { primaryEmailOf } from './donor-detail';
import { donorAliases } from './tables';

async function isKnown(db: Pick<Database, 'select'>, email: string): Promise<boolean> {
  const [gift] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(sql`lower(${orders.email})`, email))
    .limit(1);
  if (gift) return true;
  const [registration] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(sql`lower(${registrations.email})`, email))
    .limit(1);
  return registration !== undefined;
}

export async function mergeDonors(
  db: Database,
  { from, into, actor, staffId }: { from: string; into: string; actor: AuditActor; staffId: string | null },
): Promise<{ primary: string }> {
  return db.transaction(async (tx) => {
    // One merge at a time: two merges crossing each other (a into b, b into a) cannot both pass.
    await tx.execute(sql`lock table ${donorAliases} in share row exclusive mode`);
    const source = from.toLowerCase();
    const target = await primaryEmailOf(tx, into);
    for (const [field, email] of [
      ['from', source],
      ['into', into.toLowerCase()],
    ] as const) {
      if (!(await isKnown(tx, email))) {
        throw new AppError('not_found', `${field}: no gifts or registrations with ${email}`, {
          fields: { [field]: 'No gifts or registrations with this e-mail' },
        });
      }
    }
    if ((await primaryEmailOf(tx, source)) === target) {
      throw new AppError('conflict', `${source} is already part of this donor's record.`, {
        fields: { from: 'Already merged' },
      });
    }
    // What was merged into `from` now belongs to the kept record too.
    await tx.update(donorAliases).set({ primaryEmail: target }).where(eq(donorAliases.primaryEmail, source));
    await tx
      .insert(donorAliases)
      .values({ email: source, primaryEmail: target, staffId })
      .onConflictDoUpdate({ target: donorAliases.email, set: { primaryEmail: target, staffId } });
    await recordAudit(tx, {
      actor,
      action: 'donor.merge',
      targetType: 'donor',
      targetId: target,
      before: { from: source },
      after: { into: target },
    });
    return { primary: target };
  });
}
