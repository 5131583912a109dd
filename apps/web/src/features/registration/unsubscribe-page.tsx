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
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
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

/** Kept in English until shown: a failure's words are looked up in the page's language then. */
const TRY_AGAIN = /*i18n*/ 'Please try again.';

export function UnsubscribePage() {
  const { i18n } = useLingui();
  const title = i18n._('Event news');
  useDocumentTitle(title);
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
          const message = error instanceof Error ? error.message : TRY_AGAIN;
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
      <h1>{title}</h1>
      {view.status === 'working' && (
        <p role="status" className="notice">
          {i18n._('One moment…')}
        </p>
      )}
      {view.status === 'refused' && (
        <p role="alert" className="notice notice--error">
          {knownText(i18n, view.message)}
        </p>
      )}
      {view.status === 'failed' && (
        <div role="alert" className="notice notice--error event-news">
          <p>{knownText(i18n, view.message)}</p>
          <button type="button" className="button" onClick={view.retry}>
            {i18n._('Try again')}
          </button>
        </div>
      )}
      {view.status === 'done' && !view.state.subscribed && (
        <div role="status" className="notice event-news">
          <p>{i18n._(eventMessageTexts.unsubscribed, { email: view.state.email })}</p>
          <button type="button" className="button button--secondary" onClick={() => run('resubscribe')}>
            {i18n._(eventMessageTexts.optBackIn)}
          </button>
        </div>
      )}
      {view.status === 'done' && view.state.subscribed && (
        <div role="status" className="notice event-news">
          <p>{i18n._(eventMessageTexts.resubscribed, { email: view.state.email })}</p>
          <button type="button" className="button button--secondary" onClick={() => run('unsubscribe')}>
            {i18n._(eventMessageTexts.stopLink)}
          </button>
        </div>
      )}
    </>
  );
}
