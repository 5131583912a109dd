/** A back-office list's search box: the trimmed words go to `onSearch` (which puts them in the URL). */
import type { FormEvent } from 'react';
import { LabelledInput } from '#src/components/labelled-input';

type SearchFormProps = { id: string; label: string; defaultValue: string; onSearch: (q: string) => void };

export function SearchForm({ id, label, defaultValue, onSearch }: SearchFormProps) {
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }

  return (
    <form className="admin-search" onSubmit={search}>
      <LabelledInput id={id} name="q" type="search" label={label} defaultValue={defaultValue} />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
