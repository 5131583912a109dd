/**
 * /admin/catalogue: the store's items, concert tiers, centers and event, edited in the browser by
 * owners and editors, and the legal entities, by the owner. Changes take effect on the site at once, on every server process.
 * Nothing is deleted: an item or center is archived (and can be restored); old orders keep theirs.
 */

import type { SiteCenter, SiteEvent, SiteItem } from '@store/shared/site';
import type { CatalogueList, CenterFields, ItemFields, StaffCatalogue } from '@store/shared/site-content';
import { staffCan } from '@store/shared/staff';
import { useEffect, useState } from 'react';
import { useAdmin } from '../admin-context';
import { createCenter, createItem, saveCenter, saveEvent, saveItem } from './catalogue-api';
import { CenterForm } from './center-form';
import { COUNTRY_LABELS } from './entity-labels';
import { EntitySection } from './entity-section';
import { EventForm } from './event-form';
import { ItemForm } from './item-form';
import { ItemList } from './item-list';
import { useStaffCatalogue } from './use-staff-catalogue';
import './catalogue-admin.css';

type Editing =
  | { kind: 'item'; id: number }
  | { kind: 'new-item'; list: CatalogueList }
  | { kind: 'center'; id: number }
  | { kind: 'new-center' };

const LIST_LABELS: Record<CatalogueList, { heading: string; one: string }> = {
  catalogue: { heading: 'Store items', one: 'store item' },
  concert: { heading: 'Concert tiers', one: 'concert tier' },
};

/** The id of the button that opens this form (items: ItemList's). */
function focusIdOf(editing: Editing): string {
  switch (editing.kind) {
    case 'item':
      return `edit-item-${editing.id}`;
    case 'new-item':
      return `add-${editing.list}`;
    case 'center':
      return `edit-center-${editing.id}`;
    case 'new-center':
      return 'add-center';
  }
}

const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T): Omit<T, 'id'> => rest;

export function CatalogueAdminPage() {
  const { state, reload, apply, version } = useStaffCatalogue();
  const { session } = useAdmin();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  /** The button a closed form goes back to, so a keyboard user carries on where they were. */
  const [returnFocus, setReturnFocus] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (returnFocus) document.getElementById(returnFocus)?.focus();
  }, [returnFocus]);

  const close = () => {
    setReturnFocus(editing ? focusIdOf(editing) : undefined);
    setEditing(null);
  };
  const open = (next: Editing) => {
    setReturnFocus(undefined);
    setEditing(next);
  };
  const done = (answer: StaffCatalogue, message: string) => {
    apply(answer);
    close();
    setNotice(message);
  };

  if (state.status === 'loading') {
    return (
      <section aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading">Catalogue</h2>
        <p role="status">Loading the catalogue…</p>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <section aria-labelledby="catalogue-heading">
        <h2 id="catalogue-heading">Catalogue</h2>
        <p role="alert">{state.message}</p>
        <button type="button" className="button" onClick={reload}>
          Try again
        </button>
      </section>
    );
  }

  const { content } = state.catalogue;
  const saveItemFields = async (id: number, fields: ItemFields, message: string) =>
    done(await saveItem(version(), id, fields), message);
  const toggleArchived = async (item: SiteItem) => {
    const archived = !item.archived;
    try {
      await saveItemFields(
        item.id,
        { ...withoutId(item), archived },
        `${item.name} ${archived ? 'archived' : 'restored'}.`,
      );
    } catch (error) {
      setNotice(error instanceof Error ? error.message : 'The change could not be saved.');
    }
  };

  const itemForm = (list: CatalogueList, item: SiteItem | undefined) => (
    <ItemForm
      item={item}
      title={item ? `Edit ${item.name}` : `New ${LIST_LABELS[list].one}`}
      onCancel={close}
      onSave={async (fields) =>
        item
          ? saveItemFields(item.id, fields, `${fields.name} saved.`)
          : done(await createItem(version(), list, fields), `${fields.name} added.`)
      }
    />
  );

  const centerForm = (center: SiteCenter | undefined) => (
    <CenterForm
      center={center}
      title={center ? `Edit ${center.name}` : 'New center'}
      onCancel={close}
      onSave={async (fields: CenterFields) =>
        done(
          center ? await saveCenter(version(), center.id, fields) : await createCenter(version(), fields),
          `${fields.name} ${center ? 'saved' : 'added'}.`,
        )
      }
    />
  );

  return (
    <section aria-labelledby="catalogue-heading" className="catalogue-admin">
      <div className="catalogue-admin__top">
        <h2 id="catalogue-heading">Catalogue</h2>
        <span className="catalogue-admin__actions">
          <a className="button button--secondary" href="/api/staff/catalogue/export" download>
            Download site.json
          </a>
          <button type="button" className="button button--secondary" onClick={reload}>
            Reload
          </button>
        </span>
      </div>
      <p role="status" className="catalogue-admin__notice">
        {notice}
      </p>
      {(['catalogue', 'concert'] as const).map((list) => (
        <ItemList
          key={list}
          heading={LIST_LABELS[list].heading}
          items={content[list]}
          editingId={editing?.kind === 'item' ? editing.id : undefined}
          renderForm={(item) => itemForm(list, item)}
          onEdit={(id) => open({ kind: 'item', id })}
          onToggleArchived={toggleArchived}
          adding={editing?.kind === 'new-item' && editing.list === list ? itemForm(list, undefined) : undefined}
          onAdd={() => open({ kind: 'new-item', list })}
          addLabel={`Add a ${LIST_LABELS[list].one}`}
          addId={focusIdOf({ kind: 'new-item', list })}
        />
      ))}
      <section aria-labelledby="centers-heading">
        <h3 id="centers-heading">Centers</h3>
        <ul className="catalogue-admin__list">
          {content.centers.map((center) => (
            <li key={center.id}>
              {editing?.kind === 'center' && editing.id === center.id ? (
                centerForm(center)
              ) : (
                <div className="catalogue-admin__row">
                  <span>
                    {center.name} <small>({COUNTRY_LABELS[center.country]})</small>
                    {center.archived && <span className="catalogue-admin__badge">Archived</span>}
                  </span>
                  <button
                    type="button"
                    id={focusIdOf({ kind: 'center', id: center.id })}
                    className="button button--secondary"
                    aria-label={`Edit ${center.name}`}
                    onClick={() => open({ kind: 'center', id: center.id })}
                  >
                    Edit
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
        {editing?.kind === 'new-center' ? (
          centerForm(undefined)
        ) : (
          <button
            type="button"
            id={focusIdOf({ kind: 'new-center' })}
            className="button button--secondary"
            onClick={() => open({ kind: 'new-center' })}
          >
            Add a center
          </button>
        )}
      </section>
      <EntitySection
        entities={content.entities}
        mayEdit={staffCan(session.staff.role, 'editEntities')}
        version={version}
        onSaved={(answer, message) => {
          apply(answer);
          setNotice(message);
        }}
      />
      <EventForm
        key={state.catalogue.version}
        event={content.event}
        onSave={async (event: SiteEvent) => {
          apply(await saveEvent(version(), event));
          setNotice('The event was saved.');
        }}
      />
    </section>
  );
}
