/**
 * /admin/registrations: the event registrations, newest first (a volunteer sees those of their
 * center's sessions and region, the server decides), each with its session, status and people.
 */
import { staffRegistrationPageSchema, type staffRegistrationSchema } from '@store/shared/staff';
import { REGISTRATION_STATUS_LABELS } from '@store/shared/staff-event-sessions';
import { useId } from 'react';
import type { z } from 'zod';
import { DataTable, DateCell } from '#src/components/data-table';
import { ZoneNote } from '#src/components/zone-note';
import { CenterScopeNote } from '../center-scope-note';
import { ListFooter } from '../list-footer';
import { staffGet, withParams } from '../staff-request';
import { usePagedList } from '../use-paged-list';

type Registration = z.infer<typeof staffRegistrationSchema>;

async function getRegistrations(cursor: string | undefined, signal: AbortSignal) {
  const page = await staffGet(withParams('/api/staff/registrations', { cursor }), staffRegistrationPageSchema, signal);
  return { items: page.registrations, nextCursor: page.nextCursor };
}

export function RegistrationsPage() {
  const id = useId();
  const list = usePagedList('', getRegistrations);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Registrations</h2>
      <ZoneNote />
      <CenterScopeNote scope="region" />
      {list.items.length > 0 && (
        <DataTable<Registration>
          rows={list.items}
          rowKey={(row) => row.id}
          scrollLabel="Registrations table"
          name={{ labelledBy: `${id}-title` }}
          wide
          columns={[
            { header: 'Date', cell: (row) => <DateCell iso={row.createdAt} /> },
            { header: 'E-mail', cell: (row) => row.email },
            { header: 'Session', cell: (row) => row.session ?? '—' },
            { header: 'Status', cell: (row) => REGISTRATION_STATUS_LABELS[row.status] ?? row.status },
            {
              header: 'People',
              cell: (row) => (
                <ul className="admin-people">
                  {row.people.map((person) => (
                    // People carry no id; name, age and place tell the people of one registration apart.
                    <li
                      key={`${person.name}|${person.age}|${person.city}|${person.state}`}
                    >{`${person.name} (${person.age}), ${person.city}, ${person.state}, ${person.country}`}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
      <ListFooter list={list} emptyText="No registrations yet." />
    </section>
  );
}
