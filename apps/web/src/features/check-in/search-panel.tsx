/** Search by name or ticket number, for a ticket left at home: each match answers as its scan would. */
import type { CheckInTicket } from '@store/shared/check-in-list';
import { shortTicketId } from '@store/shared/ticket-code';
import { useId, useMemo, useState } from 'react';
import { searchTickets } from './door/answer-scan';
import type { StoredSession } from './door/door-types';
import { doorTexts } from './door-texts';

type Props = { session: StoredSession; onPick: (ticket: CheckInTicket) => void };

export function SearchPanel({ session, onPick }: Props) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const hintId = useId();
  const found = useMemo(() => searchTickets(session, query), [session, query]);
  return (
    <div className="door-search">
      <label htmlFor={inputId} className="door-label">
        {doorTexts.searchLabel}
      </label>
      <input
        id={inputId}
        className="door-input"
        type="search"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-describedby={hintId}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p id={hintId} className="door-hint">
        {doorTexts.searchHint}
      </p>
      {query.trim() !== '' && found.length === 0 ? <p className="door-hint">{doorTexts.noMatch}</p> : null}
      <ul className="door-results">
        {found.map((ticket) => (
          <li key={ticket.ticketId}>
            <button type="button" className="door-result" onClick={() => onPick(ticket)}>
              <span className="door-result__name">{ticket.name}</span>
              <span className="door-result__meta">
                {shortTicketId(ticket.ticketId)} · {ticket.category}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
