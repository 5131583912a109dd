/**
 * Deleting an account cancels its monthly gifts first (issue 22): a gift nobody can manage any more
 * must not go on charging. Each cancellation is confirmed by e-mail, as the donor's own would be.
 * Wired into the auth module's account deletion where the modules are registered.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { Foundation } from './gift-change-mail';
import { cancel, changeGift } from './manage-gift';
import { monthlyGifts } from './tables';

export async function cancelAccountGifts(db: Database, userId: string, foundation: Foundation): Promise<void> {
  const open = await db
    .select({ id: monthlyGifts.id })
    .from(monthlyGifts)
    .where(and(eq(monthlyGifts.userId, userId), inArray(monthlyGifts.status, ['active', 'paused'])));
  for (const { id } of open) {
    await changeGift({ db, userId, timeZone: 'UTC', foundation }, id, 'cancel', cancel);
  }
}
