/**
 * `/registration/yours?token=…`: the family's own page, reached from its e-mails without an account.
 * The token is read from the address once and then kept in memory; the API gets it in a header.
 * A forged or expired link shows "Lost your link?" to ask for a fresh one.
 */
import type { I18n } from '@lingui/core';
import { type FamilyRegistration, familyTexts } from '@store/shared/family-registration';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { ConfirmAction } from './confirm-action';
import { cancelAll, cancelRegistrant, moveFamily, patchRegistrant, ticketsPdfUrl } from './family-api';
import { FamilyPerson } from './family-person';
import { sessionStart } from './in-page-language';
import { LostLinkForm } from './lost-link-form';
import { MoveSession } from './move-session';
import { type FamilyState, useFamily } from './use-family';
import './registration.css';
import { FamilyCertificates } from './family-certificates';

function statusText(i18n: I18n, family: FamilyRegistration): string {
  switch (family.status) {
    case 'registered':
      return i18n._(familyTexts.statusRegistered);
    case 'waiting':
      return family.waitingPosition === null
        ? i18n._(familyTexts.statusWaitingUnnumbered)
        : i18n._(familyTexts.statusWaiting, { position: family.waitingPosition });
    case 'offered':
      return i18n._(familyTexts.statusOffered, {
        until:
          family.offerExpiresAt && family.session
            ? sessionStart(family.offerExpiresAt, family.session.timeZone)
            : i18n._(familyTexts.offeredUntilUnknown),
      });
    case 'cancelled':
      return i18n._(familyTexts.statusCancelled);
    case 'lapsed':
      return i18n._(familyTexts.statusLapsed);
  }
}

function Unavailable({ state, retry }: { state: Exclude<FamilyState, { status: 'ready' }>; retry: () => void }) {
  const { i18n } = useLingui();
  if (state.status === 'loading')
    return (
      <p role="status" aria-busy="true">
        {i18n._(familyTexts.loading)}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div role="alert" className="notice notice--error">
        <p>{knownText(i18n, state.message)}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {i18n._('Try again')}
        </button>
      </div>
    );
  return (
    <>
      <p role="alert" className="notice notice--error">
        {i18n._(state.status === 'expired' ? familyTexts.expiredLink : familyTexts.invalidLink)}
      </p>
      <LostLinkForm />
    </>
  );
}

export function YoursPage() {
  const { i18n } = useLingui();
  const title = i18n._(familyTexts.pageTitle);
  useDocumentTitle(title);
  const [params] = useSearchParams();
  // Read once: later renders keep it in memory whatever happens to the address.
  const [token] = useState(() => params.get('token'));
  const { state, busy, saved, change, retry } = useFamily(token);
  const [failure, setFailure] = useState<string | null>(null);

  if (state.status !== 'ready')
    return (
      <div className="family-page">
        <h1>{title}</h1>
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
      <h1>{title}</h1>
      <section className="family-section family-summary" aria-label={i18n._('Registration')}>
        <p className="family-summary__number">{family.registrationNumber}</p>
        <p className={`family-status family-status--${family.status}`}>{statusText(i18n, family)}</p>
        {session && (
          <dl className="family-summary__session">
            <dt>{i18n._('Where')}</dt>
            <dd>
              {session.centerName && `${session.centerName}, `}
              {session.hall}
              <br />
              {session.address}
            </dd>
            <dt>{i18n._('When')}</dt>
            <dd>{sessionStart(session.startsAt, session.timeZone)}</dd>
          </dl>
        )}
        {family.changesCloseAt && session && family.status !== 'cancelled' && (
          <p className="family-summary__cutoff">
            {family.changesOpen
              ? i18n._(familyTexts.changesCloseAt, {
                  closesAt: sessionStart(family.changesCloseAt, session.timeZone),
                })
              : i18n._(familyTexts.changesClosed, {
                  closedAt: sessionStart(family.changesCloseAt, session.timeZone),
                })}
          </p>
        )}
        {hasTickets && token && (
          <a className="button" href={ticketsPdfUrl(token)} download>
            {i18n._(familyTexts.downloadTickets)}
          </a>
        )}
        {token && <FamilyCertificates token={token} />}
      </section>
      {saved && (
        <p role="status" className="notice">
          {i18n._(familyTexts.saved)}
        </p>
      )}
      {failure && (
        <p role="alert" className="notice notice--error">
          {knownText(i18n, failure)}
        </p>
      )}
      <section className="family-section" aria-labelledby="family-people">
        <h2 id="family-people">{i18n._('Registrants')}</h2>
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
        <section className="family-section" aria-label={i18n._(familyTexts.cancelAll)}>
          <ConfirmAction
            label={i18n._(family.status === 'waiting' ? familyTexts.leaveWaitingList : familyTexts.cancelAll)}
            question={i18n._(family.status === 'waiting' ? familyTexts.confirmLeave : familyTexts.confirmCancelAll)}
            disabled={busy}
            onConfirm={() => void act(cancelAll)}
          />
        </section>
      )}
    </div>
  );
}
