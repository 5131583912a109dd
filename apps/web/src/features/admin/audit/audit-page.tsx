/** /admin/audit (owner): the append-only log of what staff did, newest first. */
import { type auditEntrySchema, auditPageSchema } from '@store/shared/staff';
import { useId } from 'react';
import type { z } from 'zod';
import { DataTable, DateCell } from '#src/components/data-table';
import { ZoneNote } from '#src/components/zone-note';
import { ListFooter } from '../list-footer';
import { staffGet, withParams } from '../staff-request';
import { usePagedList } from '../use-paged-list';

type AuditEntry = z.infer<typeof auditEntrySchema>;

async function getAudit(cursor: string | undefined, signal: AbortSignal) {
  const page = await staffGet(withParams('/api/staff/audit', { cursor }), auditPageSchema, signal);
  return { items: page.entries, nextCursor: page.nextCursor };
}

/** A before/after value as compact JSON ('–' for none). */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function AuditPage() {
  const id = useId();
  const list = usePagedList('', getAudit);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Audit log</h2>
      <ZoneNote />
      {list.items.length > 0 && (
        <DataTable<AuditEntry>
          rows={list.items}
          rowKey={(entry) => String(entry.id)}
          scrollLabel="Audit log table"
          name={{ labelledBy: `${id}-title` }}
          wide
          columns={[
            { header: 'When', cell: (entry) => <DateCell iso={entry.at} /> },
            { header: 'Who', cell: (entry) => entry.actorName },
            { header: 'Action', cell: (entry) => entry.action },
            {
              header: 'Target',
              cell: (entry) => (entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType),
            },
            {
              header: 'Before → after',
              cell: (entry) => (
                <span className="admin-change">
                  <code>{valueText(entry.before)}</code> → <code>{valueText(entry.after)}</code>
                </span>
              ),
            },
            { header: 'Address', cell: (entry) => entry.clientIp ?? '–' },
          ]}
        />
      )}
      <ListFooter list={list} emptyText="Nothing logged yet." />
    </section>
  );
}
