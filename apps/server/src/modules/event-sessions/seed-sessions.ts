/**
 * Seeds site.json's `eventSessions` at start: each seed once, by its key, whatever the restarts and
 * however many processes start at once (`on conflict (seed_key) do nothing`: the database decides).
 * A seeded session is staff's from then on: a later edit of site.json never overwrites it.
 */
import type { SessionSeed } from '@store/shared/event-sessions';
import type { Database } from '#src/db/client';
import { eventSessions } from './tables';

/** Returns how many sessions were seeded now (0 on every start after the first). */
export async function seedSessions(db: Pick<Database, 'insert'>, seeds: readonly SessionSeed[]): Promise<number> {
  if (seeds.length === 0) return 0;
  const rows = await db
    .insert(eventSessions)
    .values(
      seeds.map((seed) => ({
        seedKey: seed.key,
        centerId: seed.centerId,
        hall: seed.hall,
        address: seed.address,
        startsAt: new Date(seed.startsAt),
        timeZone: seed.timeZone,
        capacity: seed.capacity,
        memorizationCapacity: seed.categoryCapacity?.Memorization ?? null,
        fluentReadingCapacity: seed.categoryCapacity?.['Fluent Reading'] ?? null,
      })),
    )
    .onConflictDoNothing({ target: eventSessions.seedKey })
    .returning({ id: eventSessions.id });
  return rows.length;
}
