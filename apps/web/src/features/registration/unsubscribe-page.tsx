/**
 * `/registration/unsubscribe?token=…`: where a message's "Stop event news" link lands. Opening it
 * stops event news for the address the message went to (the click in the e-mail was the request),
 * then says so, with a button to get them again. Tickets, confirmations and waiting-list offers
 * still come either way. The token stays in the URL; the page loads nothing from elsewhere, so no
 * Referer carries it anywhere.
 */
import { type EventNewsState, eventMessageTexts } from '@store/shared/event-messages';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiClientError, sendJson } from '#src/lib/api-client';
import { useDocumentTitle } from '#src/lib/use-document-title';
import './unsubscribe-page.css';

const stateSchema = () => import('@store/shared/event-messages').then((m) => m.eventNewsStateSchema);

type View =
  | { status: 'working' }
  | { status: 'done'; state: EventNewsState }
  | { status: 'refused'; message: string }
  | { status: 'failed'; message: string; retry: () => void };

function post(action: 'unsubscribe' | 'resubscribe', token: string): Promise<EventNewsState> {
  return sendJson(`/api/public/event-news/${action}`, { token }, stateSchema);
}

export function UnsubscribePage() {
  useDocumentTitle('Event news');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [view, setView] = useState<View>(
    token === '' ? { status: 'refused', message: eventMessageTexts.badLink } : { status: 'working' },
  );

  function run(action: 'unsubscribe' | 'resubscribe') {
    setView({ status: 'working' });
    post(action, token).then(
      (state) => setView({ status: 'done', state }),
      (error: unknown) => {
        if (error instanceof ApiClientError && error.status === 400) {
          setView({ status: 'refused', message: error.message });
        } else {
          const message = error instanceof Error ? error.message : 'Please try again.';
          setView({ status: 'failed', message, retry: () => run(action) });
        }
      },
    );
  }

  // Once per link: StrictMode's second effect posts the same opt-out again, which changes nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run is this render's, the token is what matters.
  useEffect(() => {
    if (token !== '') run('unsubscribe');
  }, [token]);

  return (
    <>
      <h1>Event news</h1>
      {view.status === 'working' && (
        <p role="status" className="notice">
          One moment…
        </p>
      )}
      {view.status === 'refused' && (
        <p role="alert" className="notice notice--error">
          {view.message}
        </p>
      )}
      {view.status === 'failed' && (
        <div role="alert" className="notice notice--error event-news">
          <p>{view.message}</p>
          <button type="button" className="button" onClick={view.retry}>
            Try again
          </button>
        </div>
      )}
      {view.status === 'done' && !view.state.subscribed && (
        <div role="status" className="notice event-news">
          <p>{eventMessageTexts.unsubscribed(view.state.email)}</p>
          <button type="button" className="button button--secondary" onClick={() => run('resubscribe')}>
            {eventMessageTexts.optBackIn}
          </button>
        </div>
      )}
      {view.status === 'done' && view.state.subscribed && (
        <div role="status" className="notice event-news">
          <p>{eventMessageTexts.resubscribed(view.state.email)}</p>
          <button type="button" className="button button--secondary" onClick={() => run('unsubscribe')}>
            {eventMessageTexts.stopLink}
          </button>
        </div>
      )}
    </>
  );
}
