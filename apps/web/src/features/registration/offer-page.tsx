/**
 * `/registration/offer?token=…`: where the waiting-list offer e-mail's "Accept the places" button
 * lands. No account needed: the signed link names the offer. The page shows who is offered places,
 * where and when, and until when they are held; accepting registers everyone and shows who was
 * registered with their tickets. An offer that passed, was withdrawn, or a link that is not valid
 * each say so. The token stays in the URL; the page loads no outside resource, so no Referer carries it.
 */
import './registration.css';
import { type WaitlistAccepted, type WaitlistOffer, waitingListTexts } from '@store/shared/waiting-list';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiClientError, getJson, sendJson } from '#src/lib/api-client';
import { knownText } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { sessionStart } from './in-page-language';

const offerSchema = () => import('@store/shared/waiting-list').then((m) => m.waitlistOfferSchema);
const acceptedSchema = () => import('@store/shared/waiting-list').then((m) => m.waitlistAcceptedSchema);

type Load =
  | { status: 'loading' }
  | { status: 'ready'; offer: WaitlistOffer }
  | { status: 'invalid' }
  | { status: 'failed'; message: string };

function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 400;
}

/** Kept in English until shown: a failure's words are looked up in the page's language then. */
const TRY_AGAIN = /*i18n*/ 'Please try again.';

function SessionFacts({ session }: { session: WaitlistOffer['session'] }) {
  const { i18n } = useLingui();
  return (
    <dl className="event-details__facts">
      <dt>{i18n._('Where')}</dt>
      <dd>
        {session.centerName}, {session.hall}
        <br />
        {session.address}
      </dd>
      <dt>{i18n._('When')}</dt>
      <dd>{sessionStart(session.startsAt, session.timeZone)}</dd>
    </dl>
  );
}

function Accepted({ answer }: { answer: WaitlistAccepted }) {
  const { i18n } = useLingui();
  const id = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <section ref={box} className="notice registration-confirmation" tabIndex={-1} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{i18n._(waitingListTexts.acceptedTitle)}</h2>
      <p>
        {i18n._('Registration {number}: {center}, {hall}, {when}.', {
          number: answer.registrationNumber,
          center: answer.session.centerName,
          hall: answer.session.hall,
          when: sessionStart(answer.session.startsAt, answer.session.timeZone),
        })}
      </p>
      <ul className="offer-page__people">
        {answer.people.map((person) => (
          <li key={person.position}>
            {person.firstName} {person.lastName}{' '}
            <span className="offer-page__ticket">
              {i18n._('ticket {ticket}', { ticket: person.ticketId.slice(0, 8) })}
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Trans
          id={waitingListTexts.ticketsOnTheirWayTo}
          values={{ email: answer.email }}
          components={{ 0: <strong /> }}
        />
      </p>
    </section>
  );
}

export function OfferPage() {
  const { i18n } = useLingui();
  const title = i18n._(waitingListTexts.offerTitle);
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [load, setLoad] = useState<Load>(token === '' ? { status: 'invalid' } : { status: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<WaitlistAccepted | null>(null);

  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    getJson(`/api/public/waitlist/offer?token=${encodeURIComponent(token)}`, offerSchema, { signal: controller.signal })
      .then((offer) => setLoad({ status: 'ready', offer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isInvalidLink(error)) setLoad({ status: 'invalid' });
        else setLoad({ status: 'failed', message: error instanceof Error ? error.message : TRY_AGAIN });
      });
    return () => controller.abort();
  }, [token]);

  const accept = () => {
    setAccepting(true);
    setAcceptError(null);
    sendJson('/api/public/waitlist/accept', { token }, acceptedSchema)
      .then(setAccepted)
      .catch((error: unknown) => {
        if (isInvalidLink(error)) setLoad({ status: 'invalid' });
        else setAcceptError(error instanceof Error ? error.message : TRY_AGAIN);
      })
      .finally(() => setAccepting(false));
  };

  return (
    <div className="offer-page">
      <h1>{title}</h1>
      {load.status === 'loading' && (
        <p className="notice" role="status">
          {i18n._('Loading your offer…')}
        </p>
      )}
      {load.status === 'invalid' && (
        <div className="notice notice--error" role="alert">
          <p>{i18n._(waitingListTexts.invalidLink)}</p>
        </div>
      )}
      {load.status === 'failed' && (
        <div className="notice notice--error" role="alert">
          <p>{knownText(i18n, load.message)}</p>
        </div>
      )}
      {load.status === 'ready' &&
        (accepted ? (
          <Accepted answer={accepted} />
        ) : (
          <OfferDetails offer={load.offer} accepting={accepting} acceptError={acceptError} onAccept={accept} />
        ))}
    </div>
  );
}

function OfferDetails({
  offer,
  accepting,
  acceptError,
  onAccept,
}: {
  offer: WaitlistOffer;
  accepting: boolean;
  acceptError: string | null;
  onAccept: () => void;
}) {
  const { i18n } = useLingui();
  const heldUntil = sessionStart(offer.expiresAt, offer.session.timeZone);
  return (
    <>
      <p>
        {i18n._(
          '{count, plural, one {A place is free for registration {number}:} other {{count} places are free for registration {number}:}}',
          { count: offer.people.length, number: offer.registrationNumber },
        )}
      </p>
      <ul className="offer-page__people">
        {offer.people.map((person) => (
          <li key={person.position}>
            {person.firstName} {person.lastName}
          </li>
        ))}
      </ul>
      <div className="event-details offer-page__session">
        <SessionFacts session={offer.session} />
      </div>
      {offer.status === 'open' && (
        <>
          <p>{i18n._(waitingListTexts.heldUntil, { when: heldUntil })}</p>
          {acceptError && (
            <div className="notice notice--error" role="alert">
              <p>{knownText(i18n, acceptError)}</p>
            </div>
          )}
          <button type="button" className="button button--large" onClick={onAccept} disabled={accepting}>
            {i18n._(accepting ? waitingListTexts.accepting : waitingListTexts.accept)}
          </button>
        </>
      )}
      {offer.status === 'accepted' && (
        <p className="notice" role="status">
          {i18n._(waitingListTexts.alreadyYours)}
        </p>
      )}
      {offer.status === 'lapsed' && (
        <div className="notice notice--error" role="alert">
          <p>{i18n._(waitingListTexts.offerClosed)}</p>
        </div>
      )}
      {offer.status === 'withdrawn' && (
        <div className="notice notice--error" role="alert">
          <p>{i18n._(waitingListTexts.offerWithdrawn)}</p>
        </div>
      )}
    </>
  );
}
