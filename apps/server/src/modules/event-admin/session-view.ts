/** A session row with its figures, as the back office reads it. */
import { sessionAvailability } from '@store/shared/event-sessions';
import type { StaffEventSession } from '@store/shared/staff-event-sessions';
import type { SessionWithFigures } from './session-rows';

export function toStaffEventSession(row: SessionWithFigures, centerName: string | undefined): StaffEventSession {
  return {
    id: row.id,
    centerId: row.centerId,
    centerName: centerName ?? '',
    hall: row.hall,
    address: row.address,
    startsAt: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    capacity: row.capacity,
    memorizationCapacity: row.memorizationCapacity,
    fluentReadingCapacity: row.fluentReadingCapacity,
    taken: row.taken,
    availability: sessionAvailability(row.figures.placesLeft, row.capacity),
    archived: row.archived,
    figures: row.figures,
  };
}
