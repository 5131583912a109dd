/** The messages sent, newest first: when, by whom, to whom, and how many have gone so far. */
import type { EventMessageList, EventMessageSummary } from '@store/shared/event-messages';
import { useId, useRef } from 'react';
import { DataTable, DateCell } from '#src/components/data-table';
import type { LoadState } from '#src/lib/use-load';

export function SentMessages({ state, retry }: { state: LoadState<EventMessageList>; retry: () => void }) {
  const id = useId();
  // A refresh (after a Send, or the button) keeps the last list on screen instead of blanking it.
  const last = useRef<EventMessageList | null>(null);
  if (state.status === 'ready') last.current = state.data;
  const shown = state.status === 'ready' ? state.data : state.status === 'loading' ? last.current : null;
  return (
    <section aria-labelledby={`${id}-title`} className="sent-messages">
      <h3 id={`${id}-title`}>Sent messages</h3>
      {state.status === 'loading' && shown === null && <p role="status">Loading the messages sent…</p>}
      {state.status === 'error' && (
        <p role="alert" className="admin-alert">
          {`Could not load the messages sent. ${state.message}`}{' '}
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {shown !== null && shown.messages.length === 0 && <p>No messages sent yet.</p>}
      {shown !== null && shown.messages.length > 0 && (
        <>
          <DataTable<EventMessageSummary>
            rows={shown.messages}
            rowKey={(row) => row.id}
            scrollLabel="Sent messages table"
            name={{ labelledBy: `${id}-title` }}
            columns={[
              { header: 'Sent', cell: (row) => <DateCell iso={row.createdAt} /> },
              { header: 'By', cell: (row) => row.sentBy },
              { header: 'To', cell: (row) => row.audienceLabel },
              { header: 'Subject', cell: (row) => row.subject },
              {
                header: 'Delivered',
                cell: (row) => `${row.sent.toLocaleString('en-US')} of ${row.recipients.toLocaleString('en-US')}`,
              },
            ]}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={retry}
            disabled={state.status === 'loading'}
          >
            {state.status === 'loading' ? 'Refreshing…' : 'Refresh'}
          </button>
        </>
      )}
    </section>
  );
}
