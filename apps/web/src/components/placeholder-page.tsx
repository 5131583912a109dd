import { messages } from '@store/shared/messages';
import { useDocumentTitle } from '../lib/use-document-title';

/** A route that exists (so links and bookmarks work) but whose screen a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p>{messages.placeholder.notAvailable}</p>
    </>
  );
}
