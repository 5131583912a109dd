/**
 * `/registration/yours?token=…`: the family's own page, reached from its e-mails without an account.
 * The token is read from the address once and then kept in memory; the API gets it in a header.
 * A forged or expired link shows "Lost your link?" to ask for a fresh one.
 */
import { type FamilyRegistration, familyTexts } from '@store/shared/family-registration';
import { formatSessionStart } from '@store/shared/session-time';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { ConfirmAction } from './confirm-action';
import { cancelAll, cancelRegistrant, moveFamily, patchRegistrant, ticketsPdfUrl } from './family-api';
import { FamilyPerson } from './family-person';
import { LostLinkForm } from './lost-link-form';
import { MoveSession } from './move-session';
import { type FamilyState, useFamily } from './use-family';
import './registration.css';
import { FamilyCertificates } from './family-certificates';

function statusText(family: FamilyRegistration): string {
  switch (family.status) {
    case 'registered':
      return familyTexts.statusRegistered;
    case 'waiting':
      return familyTexts.statusWaiting(family.waitingPosition);
    case 'offered':
      return familyTexts.statusOffered(
        family.offerExpiresAt && family.session
          ? formatSessionStart(family.offerExpiresAt, family.session.timeZone)
          : 'the time in its e-mail',
      );
    case 'cancelled':
      return familyTexts.statusCancelled;
    case 'lapsed':
      return familyTexts.statusLapsed;
  }
}

function Unavailable({ state, retry }: { state: Exclude<FamilyState, { status: 'ready' }>; retry: () => void }) {
  if (state.status === 'loading')
    return (
      <p role="status" aria-busy="true">
        {familyTexts.loading}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div role="alert" className="notice notice--error">
        <p>{state.message}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  return (
    <>
      <p role="alert" className="notice notice--error">
        {state.status === 'expired' ? familyTexts.expiredLink : familyTexts.invalidLink}
      </p>
      <LostLinkForm />
    </>
  );
}

export function YoursPage() {
  useDocumentTitle(familyTexts.pageTitle);
  const [params] = useSearchParams();
  // Read once: later renders keep it in memory whatever happens to the address.
  const [token] = useState(() => params.get('token'));
  const { state, busy, saved, change, retry } = useFamily(token);
  const [failure, setFailure] = useState<string | null>(null);

  if (state.status !== 'ready')
    return (
      <div className="family-page">
        <h1>{familyTexts.pageTitle}</h1>
        <Unavailable state={state} retry={retry} />
      </div>
    );

  const { family } = state;
  const session = family.session;
  const hasTickets = family.people.some((p) => p.ticketId !== null);
  const act = async (send: Parameters<typeof change>[0]) => {
    const outcome = await change(send);
    setFailure(outcome.ok ? null : outcome.message);
    return outcome;
  };

  return (
    <div className="family-page">
      <h1>{familyTexts.pageTitle}</h1>
      <section className="family-section family-summary" aria-label="Registration">
        <p className="family-summary__number">{family.registrationNumber}</p>
        <p className={`family-status family-status--${family.status}`}>{statusText(family)}</p>
        {session && (
          <dl className="family-summary__session">
            <dt>Where</dt>
            <dd>
              {session.centerName && `${session.centerName}, `}
              {session.hall}
              <br />
              {session.address}
            </dd>
            <dt>When</dt>
            <dd>{formatSessionStart(session.startsAt, session.timeZone)}</dd>
          </dl>
        )}
        {family.changesCloseAt && session && family.status !== 'cancelled' && (
          <p className="family-summary__cutoff">
            {family.changesOpen
              ? familyTexts.changesCloseAt(formatSessionStart(family.changesCloseAt, session.timeZone))
              : familyTexts.changesClosed(formatSessionStart(family.changesCloseAt, session.timeZone))}
          </p>
        )}
        {hasTickets && token && (
          <a className="button" href={ticketsPdfUrl(token)} download>
            {familyTexts.downloadTickets}
          </a>
        )}
        {token && <FamilyCertificates token={token} />}
      </section>
      {saved && (
        <p role="status" className="notice">
          {familyTexts.saved}
        </p>
      )}
      {failure && (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      )}
      <section className="family-section" aria-labelledby="family-people">
        <h2 id="family-people">Registrants</h2>
        <ul className="family-people">
          {family.people.map((person) => (
            <FamilyPerson
              key={person.position}
              person={person}
              changesOpen={family.changesOpen && family.status !== 'offered'}
              busy={busy}
              onSave={(input) => act((t) => patchRegistrant(t, person.position, input))}
              onCancel={() => void act((t) => cancelRegistrant(t, person.position))}
            />
          ))}
        </ul>
      </section>
      {family.changesOpen && (family.status === 'registered' || family.status === 'waiting') && (
        <MoveSession targets={family.moveTargets} busy={busy} onMove={(id) => act((t) => moveFamily(t, id))} />
      )}
      {family.changesOpen && (
        <section className="family-section" aria-label={familyTexts.cancelAll}>
          <ConfirmAction
            label={family.status === 'waiting' ? familyTexts.leaveWaitingList : familyTexts.cancelAll}
            question={family.status === 'waiting' ? familyTexts.confirmLeave : familyTexts.confirmCancelAll}
            disabled={busy}
            onConfirm={() => void act(cancelAll)}
          />
        </section>
      )}
    </div>
  );
}
