/** A session's figures on its page, as a list of terms: what staff count before the day. */
import type { SessionFigures as Figures } from '@store/shared/staff-event-sessions';

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
const families = (n: number) => (n === 1 ? '1 family' : `${n} families`);

export function SessionFigures({ figures, capacity }: { figures: Figures; capacity: number }) {
  const rows: [string, string][] = [
    ['Registered', `${people(figures.registered)} of ${capacity} places`],
    ['Places left', String(figures.placesLeft)],
    ['Waiting list', `${families(figures.waitingFamilies)}, ${people(figures.waitingPeople)}`],
    ['Offered, not yet accepted', `${families(figures.offeredFamilies)}, ${people(figures.offeredPeople)}`],
    ['Minors', String(figures.minors)],
    ['Adults', String(figures.adults)],
    ['Memorization', String(figures.memorization)],
    ['Fluent Reading', String(figures.fluentReading)],
  ];
  return (
    <dl className="admin-facts admin-session-figures">
      {rows.map(([term, value]) => (
        <div key={term} className="admin-session-figures__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
