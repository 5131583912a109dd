/** One registrant on the family's page: details, live ticket, and (while changes are open) edit and cancel. */
import { familyTexts, type FamilyPerson as Person } from '@store/shared/family-registration';
import type { RegistrantInput } from '@store/shared/registration';
import { CATEGORY_LABELS } from '@store/shared/registration-rules';
import { useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { ConfirmAction } from './confirm-action';
import { countryLabel } from './in-page-language';
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
  const { i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const name = `${person.firstName} ${person.lastName}`;
  const guardians =
    person.mothersName && person.fathersName
      ? i18n._('{mother} and {father}', { mother: person.mothersName, father: person.fathersName })
      : person.mothersName || person.fathersName;
  return (
    <li className={`family-person${person.cancelled ? ' family-person--cancelled' : ''}`}>
      <h3 className="family-person__name">
        {person.position}. {name}
        {person.cancelled && <span className="family-person__mark"> ({i18n._(familyTexts.cancelledMark)})</span>}
      </h3>
      <dl className="family-person__details">
        <dt>{i18n._('Age')}</dt>
        <dd>{person.age}</dd>
        {person.category && (
          <>
            <dt>{i18n._('Category')}</dt>
            <dd>{i18n._(CATEGORY_LABELS[person.category])}</dd>
          </>
        )}
        {guardians && (
          <>
            <dt>{i18n._('Parents')}</dt>
            <dd>{guardians}</dd>
          </>
        )}
        <dt>{i18n._('Lives in')}</dt>
        <dd>{[person.city, person.state, countryLabel(person.country) ?? person.country].join(', ')}</dd>
        {person.ticketId && (
          <>
            <dt>{i18n._('Ticket')}</dt>
            <dd className="family-person__ticket">{person.ticketId}</dd>
          </>
        )}
      </dl>
      {changesOpen && !person.cancelled && !editing && (
        <div className="family-actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setEditing(true)}>
            {i18n._(familyTexts.edit)}
          </button>
          <ConfirmAction
            label={i18n._(familyTexts.cancelOne)}
            question={i18n._(familyTexts.confirmCancelOne, { name })}
            disabled={busy}
            onConfirm={onCancel}
          />
        </div>
      )}
      {editing && <RegistrantEditForm person={person} busy={busy} onSave={onSave} onDone={() => setEditing(false)} />}
    </li>
  );
}
