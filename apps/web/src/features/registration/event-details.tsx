import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { formatLongDay } from '#src/lib/format';
import { useLingui } from '#src/lib/i18n/use-lingui';

/**
 * When and where the event is (config/site.json's `event`, in the catalogue answer), above the
 * form. The date is a calendar day, shown as that same day wherever the visitor is. The box keeps
 * its place while the catalogue loads (the pre-rendered page has no catalogue), so the form below
 * does not jump when it arrives; if the catalogue cannot be read, the form stands on its own.
 */
export function EventDetails() {
  const { i18n } = useLingui();
  const { state } = useCatalogue();
  if (state.status === 'error') return null;
  const event = state.status === 'ready' ? state.data.event : null;
  return (
    <div className="event-details" aria-busy={event === null}>
      <dl className="event-details__facts">
        <div>
          <dt>{i18n._('Date')}</dt>
          <dd>{event ? <time dateTime={event.date}>{formatLongDay(event.date)}</time> : '…'}</dd>
        </div>
        <div>
          <dt>{i18n._('Venue')}</dt>
          <dd>{event ? event.venue : '…'}</dd>
        </div>
      </dl>
      {event?.description && <p className="event-details__about">{event.description}</p>}
    </div>
  );
}
