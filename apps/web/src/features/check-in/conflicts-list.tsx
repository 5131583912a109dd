/** Tickets two doors checked in: the one the office kept, and the one that came second. */
import type { CheckInConflict } from '@store/shared/check-in-sync';
import { useId } from 'react';
import { doorTexts } from './door-texts';

export function ConflictsList({
  conflicts,
  formatTime,
}: {
  conflicts: CheckInConflict[];
  formatTime: (iso: string) => string;
}) {
  const headingId = useId();
  if (conflicts.length === 0) return null;
  return (
    <section className="door-conflicts" aria-labelledby={headingId}>
      <h2 id={headingId}>{doorTexts.conflicts}</h2>
      <ul>
        {conflicts.map((conflict) => (
          <li key={conflict.conflicting.id}>
            {doorTexts.conflict(
              conflict.name,
              conflict.kept.deviceName,
              formatTime(conflict.kept.scannedAt),
              conflict.conflicting.deviceName,
              formatTime(conflict.conflicting.scannedAt),
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
