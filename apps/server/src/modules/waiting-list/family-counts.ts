/**
 * The places a family in line needs: its registrants still coming (a registrant cancelled from the
 * family's page needs none), and of them each capped category. Read in one query for a whole line.
 */
import type { PlaceCounts } from '@store/shared/event-sessions';
import { CATEGORIES } from '@store/shared/registration-rules';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrants } from '#src/modules/registrations/tables';

type Reader = Pick<Database, 'select'>;

export async function familyCounts(db: Reader, registrationIds: readonly string[]): Promise<Map<string, PlaceCounts>> {
  if (registrationIds.length === 0) return new Map();
  const r = registrants;
  const rows = await db
    .select({
      registrationId: r.registrationId,
      people: sql<number>`count(*)::int`,
      memorization: sql<number>`(count(*) filter (where ${r.category} = ${CATEGORIES[0]}))::int`,
      fluentReading: sql<number>`(count(*) filter (where ${r.category} = ${CATEGORIES[1]}))::int`,
    })
    .from(r)
    .where(and(inArray(r.registrationId, [...registrationIds]), isNull(r.cancelledAt)))
    .groupBy(r.registrationId);
  return new Map(
    rows.map((row) => [
      row.registrationId,
      { people: Number(row.people), memorization: Number(row.memorization), fluentReading: Number(row.fluentReading) },
    ]),
  );
}
