/** Under a paged list: loading, why it failed (with a retry), an empty list, or "Load more". */
import type { PagedList } from './use-paged-list';

type ListFooterProps<T> = { list: PagedList<T>; emptyText: string; moreText?: string };

export function ListFooter<T>({ list, emptyText, moreText = 'Load more' }: ListFooterProps<T>) {
  if (list.status === 'loading') {
    return (
      <p role="status" className="notice">
        Loading…
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div role="alert" className="notice notice--error">
        <p>{list.error}</p>
        <button type="button" className="button" onClick={list.items.length === 0 ? list.reload : list.loadMore}>
          Try again
        </button>
      </div>
    );
  }
  if (list.items.length === 0) return <p className="notice">{emptyText}</p>;
  if (!list.hasMore) return null;
  return (
    <button
      type="button"
      className="button button--secondary admin-more"
      onClick={list.loadMore}
      disabled={list.status === 'more'}
    >
      {list.status === 'more' ? 'Loading…' : moreText}
    </button>
  );
}
