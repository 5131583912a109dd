/**
 * The catalogue page's legal entities: one per country, each with its currency, receipt rules,
 * merchant account and receipt series. Everyone who edits the catalogue sees them (a center's
 * country picks its entity); the owner alone changes them or adds one for a country without one.
 */

import { ENTITY_COUNTRIES, type Entity } from '@store/shared/site';
import type { EntityFields, StaffCatalogue } from '@store/shared/site-content';
import { useState } from 'react';
import { createEntity, saveEntity } from './catalogue-api';
import { EntityForm } from './entity-form';
import { COUNTRY_LABELS, RULES_LABELS } from './entity-labels';

export type EntitySectionProps = {
  entities: readonly Entity[];
  /** The owner may change them; others read them. */
  mayEdit: boolean;
  version: () => number;
  /** The answer to a saved change, and what to announce. */
  onSaved: (answer: StaffCatalogue, message: string) => void;
};

export function EntitySection({ entities, mayEdit, version, onSaved }: EntitySectionProps) {
  /** The key of the entity whose form is open, '' for a new one. */
  const [editing, setEditing] = useState<string | null>(null);
  const missing = ENTITY_COUNTRIES.filter((country) => !entities.some((e) => e.country === country));
  const close = (focusId: string) => {
    setEditing(null);
    // After the list re-renders with the form gone, the keyboard carries on from its button.
    requestAnimationFrame(() => document.getElementById(focusId)?.focus());
  };
  const save = async (entity: Entity | undefined, key: string, fields: EntityFields) => {
    const answer = entity
      ? await saveEntity(version(), key, fields)
      : await createEntity(version(), { key, ...fields });
    onSaved(answer, `${fields.name} ${entity ? 'saved' : 'added'}.`);
    close(entity ? `edit-entity-${key}` : 'add-entity');
  };
  const form = (entity: Entity | undefined) => (
    <EntityForm
      entity={entity}
      countries={missing}
      title={entity ? `Edit ${entity.name}` : 'New entity'}
      onCancel={() => close(entity ? `edit-entity-${entity.key}` : 'add-entity')}
      onSave={(key, fields) => save(entity, key, fields)}
    />
  );

  return (
    <section aria-labelledby="entities-heading" className="catalogue-admin__entities">
      <h3 id="entities-heading">Legal entities</h3>
      <p className="catalogue-admin__hint">
        Each takes its country's gifts in its currency, into its merchant account, and numbers their receipts in its own
        series.{mayEdit ? '' : ' Only an owner changes them.'}
      </p>
      <ul className="catalogue-admin__list">
        {entities.map((entity) =>
          editing === entity.key ? (
            <li key={entity.key}>{form(entity)}</li>
          ) : (
            <li key={entity.key} className="catalogue-admin__row">
              <span>
                {entity.name}{' '}
                <small>
                  ({COUNTRY_LABELS[entity.country]}, {entity.currency}, {RULES_LABELS[entity.receipts]}; merchant
                  account {entity.merchantAccountId ?? 'default'}; receipts{' '}
                  {entity.receiptPrefix ? `${entity.receiptPrefix}YYYY-NNNNNN` : 'YYYY-NNNNNN'})
                </small>
              </span>
              {mayEdit && (
                <button
                  type="button"
                  id={`edit-entity-${entity.key}`}
                  className="button button--secondary"
                  aria-label={`Edit ${entity.name}`}
                  onClick={() => setEditing(entity.key)}
                >
                  Edit
                </button>
              )}
            </li>
          ),
        )}
      </ul>
      {mayEdit &&
        missing.length > 0 &&
        (editing === '' ? (
          form(undefined)
        ) : (
          <button type="button" id="add-entity" className="button button--secondary" onClick={() => setEditing('')}>
            Add an entity
          </button>
        ))}
    </section>
  );
}
