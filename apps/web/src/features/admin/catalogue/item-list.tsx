/** One list of the editor (store items or concert tiers): each item's name, price and state, with Edit and Archive / Restore. */
import { formatDollars } from '@store/shared/money';
import type { SiteItem } from '@store/shared/site';
import type { ReactNode } from 'react';

export type ItemListProps = {
  heading: string;
  items: readonly SiteItem[];
  editingId: number | undefined;
  renderForm: (item: SiteItem) => ReactNode;
  onEdit: (id: number) => void;
  onToggleArchived: (item: SiteItem) => Promise<void>;
  /** The new item's form, while one is being added. */
  adding: ReactNode;
  onAdd: () => void;
  addLabel: string;
  /** The Add button's id (the page returns focus to it). */
  addId: string;
};

export function ItemList({
  heading,
  items,
  editingId,
  renderForm,
  onEdit,
  onToggleArchived,
  adding,
  onAdd,
  addLabel,
  addId,
}: ItemListProps) {
  const headingId = `list-${heading.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <ul className="catalogue-admin__list">
        {items.map((item) => (
          <li key={item.id}>
            {editingId === item.id ? (
              renderForm(item)
            ) : (
              <div className="catalogue-admin__row">
                <span>
                  <strong>{item.name}</strong>{' '}
                  {item.price === 0 ? 'donor enters the amount' : formatDollars(item.price)}
                  {item.archived && <span className="catalogue-admin__badge">Archived</span>}
                </span>
                <span className="catalogue-admin__actions">
                  <button
                    type="button"
                    id={`edit-item-${item.id}`}
                    className="button button--secondary"
                    aria-label={`Edit ${item.name}`}
                    onClick={() => onEdit(item.id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`${item.archived ? 'Restore' : 'Archive'} ${item.name}`}
                    onClick={() => void onToggleArchived(item)}
                  >
                    {item.archived ? 'Restore' : 'Archive'}
                  </button>
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {adding ?? (
        <button type="button" id={addId} className="button button--secondary" onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </section>
  );
}
