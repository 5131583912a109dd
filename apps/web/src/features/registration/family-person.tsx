/** One registrant on the family's page: details, live ticket, and (while changes are open) edit and cancel. */
import { countryName } from '@store/shared/countries';
import { familyTexts, type FamilyPerson as Person } from '@store/shared/family-registration';
import type { RegistrantInput } from '@store/shared/registration';
import { useState } from 'react';
import { ConfirmAction } from './confirm-action';
import { RegistrantEditForm } from './registrant-edit-form';
import type { ChangeOutcome } from './use-family';

type FamilyPersonProps = {
  person: Person;
  changesOpen: boolean;
  busy: boolean;
  onSave: (input: RegistrantInput) => Promise<ChangeOutcome>;
  onCancel: () => void;
};

export function FamilyPerson({ person, changesOpen, busy, onSave, onCancel }: FamilyPersonProps) {
  const [editing, setEditing] = useState(false);
  const name = `${person.firstName} ${person.lastName}`;
  const guardians = [person.mothersName, person.fathersName].filter(Boolean).join(' and ');
  return (
    <li className={`family-person${person.cancelled ? ' family-person--cancelled' : ''}`}>
      <h3 className="family-person__name">
        {person.position}. {name}
        {person.cancelled && <span className="family-person__mark"> ({familyTexts.cancelledMark})</span>}
      </h3>
      <dl className="family-person__details">
        <dt>Age</dt>
        <dd>{person.age}</dd>
        {person.category && (
          <>
            <dt>Category</dt>
            <dd>{person.category}</dd>
          </>
        )}
        {guardians && (
          <>
            <dt>Parents</dt>
            <dd>{guardians}</dd>
          </>
        )}
        <dt>Lives in</dt>
        <dd>{[person.city, person.state, countryName(person.country) ?? person.country].join(', ')}</dd>
        {person.ticketId && (
          <>
            <dt>Ticket</dt>
            <dd className="family-person__ticket">{person.ticketId}</dd>
          </>
        )}
      </dl>
      {changesOpen && !person.cancelled && !editing && (
        <div className="family-actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setEditing(true)}>
            {familyTexts.edit}
          </button>
          <ConfirmAction
            label={familyTexts.cancelOne}
            question={familyTexts.confirmCancelOne(name)}
            disabled={busy}
            onConfirm={onCancel}
          />
        </div>
      )}
      {editing && <RegistrantEditForm person={person} busy={busy} onSave={onSave} onDone={() => setEditing(false)} />}
    </li>
  );
}
